/// A report as a sequence of blocks (headings, paragraphs, tables, figures), the same for every
/// output: the HTML renderer turns each into markup, `medd-report-pdf` lays each out on pages.
public struct ReportDocument: Hashable, Sendable {
    /// The document's title (the HTML title, the PDF's metadata).
    public var title: String
    /// The line at the foot of each printed page, before its number.
    public var footer: String
    /// The language it is written in, as a BCP 47 tag (`en`, `de`, `zh-CN`): the HTML's `lang`.
    public var language: String
    public var paper: Paper
    public var blocks: [Block]

    public init(title: String, footer: String, language: String, paper: Paper, blocks: [Block]) {
        self.title = title
        self.footer = footer
        self.language = language
        self.paper = paper
        self.blocks = blocks
    }

    public indirect enum Block: Hashable, Sendable {
        /// Level 1 is the document's title, 2 a section, 3 a part of one.
        case heading(String, level: Int)
        case paragraph([Span], style: TextStyle)
        case table(Table)
        case figure(Figure)
        /// Blocks kept on one page when they fit on one.
        case group([Block])
    }

    public enum TextStyle: String, Hashable, Sendable {
        case body
        /// Larger, under the title.
        case lead
        /// Smaller and grey: explanations, provenance.
        case note
    }

    /// A run of text, bold or in a colour of its own.
    public struct Span: Hashable, Sendable {
        public var text: String
        public var bold: Bool
        public var color: Color?

        public init(_ text: String, bold: Bool = false, color: Color? = nil) {
            self.text = text
            self.bold = bold
            self.color = color
        }
    }

    /// Columns with headers and rows of cells; the last row may be a total. Each renderer sizes the
    /// columns to their content (`ColumnWidths`).
    public struct Table: Hashable, Sendable {
        public var columns: [Column]
        public var rows: [[Cell]]
        /// The last row sums up the others (drawn bold, under a rule).
        public var hasTotalRow: Bool

        public init(columns: [Column], rows: [[Cell]], hasTotalRow: Bool = false) {
            self.columns = columns
            self.rows = rows
            self.hasTotalRow = hasTotalRow
        }

        public struct Column: Hashable, Sendable {
            public var header: String
            /// Numbers are right-aligned.
            public var numeric: Bool

            public init(_ header: String, numeric: Bool = false) {
                self.header = header
                self.numeric = numeric
            }
        }

        /// Text, or a small figure (a bar).
        public struct Cell: Hashable, Sendable {
            public var spans: [Span]
            public var figure: Figure?

            public init(_ spans: [Span]) {
                self.spans = spans
                figure = nil
            }

            public init(_ text: String, bold: Bool = false, color: Color? = nil) {
                self.init([Span(text, bold: bold, color: color)])
            }

            public init(figure: Figure) {
                spans = []
                self.figure = figure
            }

            /// The cell's words, whatever their style.
            public var text: String { spans.map(\.text).joined() }
        }
    }
}
