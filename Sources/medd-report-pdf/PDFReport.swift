import Cairo
import MeddCore
import MeddReport

/// A report's document laid out on PDF pages of its paper: blocks flow down each page between the
/// margins, a heading stays with what follows it, a group (a medication, the calendar's first strip
/// with its heading) moves to a new page rather than split when it fits on one, a table continues
/// under its repeated header, and each page ends in a footer with its number.
struct PDFReport {
    static let fontFamily = "DejaVu Sans"
    private static let footerSize = 7.5

    let document: ReportDocument
    let creator: String
    /// After `render`: whether some character had no font.
    let coverage = FontCoverage()

    func render() throws(CairoError) -> [UInt8] {
        let paper = document.paper.size
        let pdf = try PDFDocument(width: paper.width, height: paper.height)
        pdf.setMetadata(title: document.title, creator: creator)
        let flow = PageFlow(context: pdf.context, width: document.paper.contentWidth, coverage: coverage)
        let margin = Paper.margin
        let pages = flow.paginate(document.blocks.flatMap { flow.pieces(of: $0) }, top: margin, bottom: paper.height - margin)
        for (index, page) in pages.enumerated() {
            if index > 0 { pdf.nextPage() }
            for placed in page { placed.piece.draw(margin, placed.y) }
            footer(page: index + 1, of: pages.count, in: pdf.context, paper: paper)
        }
        return try pdf.finish()
    }

    private func footer(page: Int, of count: Int, in context: DrawingContext, paper: (width: Double, height: Double)) {
        let margin = Paper.margin
        let width = paper.width - 2 * margin
        // TRANSLATORS: at the foot of each page of the PDF report: %1$d is the page's number, %2$d how many pages it has.
        let numberText = tr("page %1$d of %2$d", String(page), String(count))
        let number = coverage.checked(TextLayout([.init(numberText)], in: context, family: Self.fontFamily, size: Self.footerSize,
                                                 width: width, alignment: .right))
        let title = coverage.checked(TextLayout([.init(document.footer)], in: context, family: Self.fontFamily, size: Self.footerSize,
                                                width: width - 70))
        let baseline = paper.height - margin / 2
        let color = Palette.muted.components
        context.setColor(Palette.rule.components.red, Palette.rule.components.green, Palette.rule.components.blue)
        context.setLine(width: 0.5)
        context.moveTo(margin, baseline - 11)
        context.lineTo(margin + width, baseline - 11)
        context.stroke()
        title.draw(atX: margin, y: baseline - title.baseline, color: color)
        number.draw(atX: margin, y: baseline - number.baseline, color: color)
    }
}

/// A piece of a page: its height, the space it wants above it (none at the top of a page), and how to
/// draw it with its top left corner at a point.
struct Piece {
    var height: Double
    var spaceBefore: Double = 0
    /// A heading: never the last thing on a page.
    var keepsWithNext = false
    /// Pieces with the same group number stay on one page when they fit on one.
    var group: Int?
    /// Drawn first when this piece (a table row) starts a page: the table's header.
    var header: (() -> Piece)?
    var draw: (Double, Double) -> Void
}

/// Turns blocks into pieces measured with pango, and pieces into pages.
final class PageFlow {
    private let context: DrawingContext
    private let width: Double
    private let coverage: FontCoverage
    private var groups = 0

    init(context: DrawingContext, width: Double, coverage: FontCoverage) {
        self.context = context
        self.width = width
        self.coverage = coverage
    }

    private func layout(_ spans: [ReportDocument.Span], size: Double, width: Double? = nil, boldAll: Bool = false,
                        alignment: TextLayout.Alignment = .left) -> TextLayout {
        let runs = spans.map { TextLayout.Run(ColumnWidths.joiningWholeWords($0.text), bold: $0.bold || boldAll, color: $0.color?.components) }
        return coverage.checked(TextLayout(runs, in: context, family: PDFReport.fontFamily, size: size, width: width ?? self.width,
                                           alignment: alignment))
    }

    private func text(_ layout: TextLayout, color: Color, spaceBefore: Double, keepsWithNext: Bool = false) -> Piece {
        Piece(height: layout.size.height, spaceBefore: spaceBefore, keepsWithNext: keepsWithNext) { x, y in
            layout.draw(atX: x, y: y, color: color.components)
        }
    }

    func pieces(of block: ReportDocument.Block) -> [Piece] {
        switch block {
        case .heading(let words, let level):
            switch level {
            case ...1:
                return [text(layout([.init(words)], size: 20, boldAll: true), color: Palette.accent, spaceBefore: 0, keepsWithNext: true)]
            case 2:
                let heading = layout([.init(words)], size: 13, boldAll: true)
                let height = heading.size.height
                return [Piece(height: height + 5, spaceBefore: 18, keepsWithNext: true) { [width] x, y in
                    heading.draw(atX: x, y: y, color: Palette.accent.components)
                    self.rule(x, y + height + 3, width: width, color: Palette.accent, lineWidth: 1.5)
                }]
            default:
                return [text(layout([.init(words)], size: 11, boldAll: true), color: Palette.text, spaceBefore: 13, keepsWithNext: true)]
            }
        case .paragraph(let spans, let style):
            switch style {
            case .lead: return [text(layout(spans, size: 12), color: Palette.text, spaceBefore: 3)]
            case .note: return [text(layout(spans, size: 8), color: Palette.muted, spaceBefore: 4)]
            case .body: return [text(layout(spans, size: 9.5), color: Palette.text, spaceBefore: 5)]
            }
        case .figure(let figure):
            let scale = min(1, width / figure.width)
            return [Piece(height: figure.height * scale, spaceBefore: 7) { [context, width, coverage] x, y in
                FigurePainter(context: context, coverage: coverage).draw(figure, atX: x, y: y, width: width)
            }]
        case .table(let table):
            return pieces(of: table)
        case .group(let blocks):
            groups += 1
            let group = groups
            return blocks.flatMap { pieces(of: $0) }.map { piece in
                var member = piece
                member.group = group
                return member
            }
        }
    }

    private static let cellPadding = (horizontal: 4.0, vertical: 3.0)
    private static let tableSize = 8.5

    private func pieces(of table: ReportDocument.Table) -> [Piece] {
        let widths = columnWidths(table)
        let header = { [self] () -> Piece in
            row(table.columns.map { ReportDocument.Table.Cell($0.header) }, table: table, widths: widths, bold: true,
                color: Palette.muted, ruleBelow: (Palette.axis, 1))
        }
        var pieces = [header()]
        pieces[0].spaceBefore = 6
        for (index, cells) in table.rows.enumerated() {
            let isTotal = table.hasTotalRow && index == table.rows.count - 1
            var piece = row(cells, table: table, widths: widths, bold: isTotal, color: Palette.text,
                            ruleAbove: isTotal ? (Palette.axis, 1) : nil, ruleBelow: isTotal ? nil : (Palette.grid, 0.5))
            piece.header = header
            pieces.append(piece)
        }
        return pieces
    }

    /// Each column as wide as its content asks (`ColumnWidths`): its widest word and its longest text on one
    /// line, measured with pango in the weight each row draws it (the header and a total row bold); its
    /// header on one line too when every header fits so.
    private func columnWidths(_ table: ReportDocument.Table) -> [Double] {
        let padding = 2 * Self.cellPadding.horizontal
        var minimum = Array(repeating: padding, count: table.columns.count)
        var natural = minimum
        var headers = minimum
        let header = table.columns.map { ReportDocument.Table.Cell($0.header) }
        for (index, cells) in ([header] + table.rows).enumerated() {
            let bold = index == 0 || (table.hasTotalRow && index == table.rows.count)
            for (column, cell) in cells.prefix(table.columns.count).enumerated() {
                if let figure = cell.figure {
                    minimum[column] = max(minimum[column], figure.width / 2 + padding)
                    natural[column] = max(natural[column], figure.width + padding)
                    continue
                }
                let boldWords = bold || cell.spans.contains(where: \.bold)
                natural[column] = max(natural[column], lineWidth(cell.spans, bold: bold) + padding)
                if index == 0 { headers[column] = natural[column] }
                for word in ColumnWidths.words(cell.text) {
                    minimum[column] = max(minimum[column], lineWidth([.init(word)], bold: boldWords) + padding)
                }
            }
        }
        let wholeHeaders = zip(minimum, headers).map { max($0, $1) }
        return ColumnWidths.fit(minimum: wholeHeaders.reduce(0, +) <= width ? wholeHeaders : minimum, natural: natural, into: width)
    }

    /// How wide `spans` are on one line.
    private func lineWidth(_ spans: [ReportDocument.Span], bold: Bool) -> Double {
        TextLayout(spans.map { .init($0.text, bold: $0.bold || bold) }, in: context, family: PDFReport.fontFamily, size: Self.tableSize).size.width
    }

    private func row(_ cells: [ReportDocument.Table.Cell], table: ReportDocument.Table, widths: [Double], bold: Bool, color: Color,
                     ruleAbove: (Color, Double)? = nil, ruleBelow: (Color, Double)? = nil) -> Piece {
        let padding = Self.cellPadding
        let columns = Array(zip(table.columns, widths))
        var contents: [(layout: TextLayout?, figure: Figure?)] = []
        var height = 0.0
        for (index, cell) in cells.prefix(columns.count).enumerated() {
            let (column, columnWidth) = columns[index]
            let inner = max(1, columnWidth - 2 * padding.horizontal)
            if let figure = cell.figure {
                contents.append((nil, figure))
                height = max(height, figure.height * min(1, inner / figure.width) + 3)
            } else {
                let text = layout(cell.spans, size: Self.tableSize, width: inner, boldAll: bold,
                                  alignment: column.numeric ? .right : .left)
                contents.append((text, nil))
                height = max(height, text.size.height)
            }
        }
        let rowHeight = height + 2 * padding.vertical
        return Piece(height: rowHeight) { [self] x, y in
            var cellX = x
            for (index, content) in contents.enumerated() {
                let inner = max(1, widths[index] - 2 * padding.horizontal)
                if let text = content.layout {
                    text.draw(atX: cellX + padding.horizontal, y: y + padding.vertical, color: color.components)
                } else if let figure = content.figure {
                    FigurePainter(context: context, coverage: coverage).draw(figure, atX: cellX + padding.horizontal,
                                                                             y: y + padding.vertical + 3, width: inner)
                }
                cellX += widths[index]
            }
            let tableWidth = widths.reduce(0, +)
            if let (ruleColor, lineWidth) = ruleAbove { rule(x, y, width: tableWidth, color: ruleColor, lineWidth: lineWidth) }
            if let (ruleColor, lineWidth) = ruleBelow { rule(x, y + rowHeight, width: tableWidth, color: ruleColor, lineWidth: lineWidth) }
        }
    }

    private func rule(_ x: Double, _ y: Double, width: Double, color: Color, lineWidth: Double) {
        let (red, green, blue) = color.components
        context.setColor(red, green, blue)
        context.setLine(width: lineWidth)
        context.moveTo(x, y)
        context.lineTo(x + width, y)
        context.stroke()
    }

    /// The pieces placed on pages between `top` and `bottom`: each page a list of pieces and their tops.
    func paginate(_ pieces: [Piece], top: Double, bottom: Double) -> [[(piece: Piece, y: Double)]] {
        var pages: [[(piece: Piece, y: Double)]] = [[]]
        var y = top
        func place(_ piece: Piece) {
            let space = pages[pages.count - 1].isEmpty ? 0 : piece.spaceBefore
            pages[pages.count - 1].append((piece, y + space))
            y += space + piece.height
        }
        func newPage() {
            pages.append([])
            y = top
        }
        for (index, piece) in pieces.enumerated() {
            let onEmptyPage = pages[pages.count - 1].isEmpty
            var needed = piece.spaceBefore + piece.height
            if piece.keepsWithNext, index + 1 < pieces.count {
                needed += pieces[index + 1].spaceBefore + pieces[index + 1].height
            }
            if let group = piece.group, index == 0 || pieces[index - 1].group != group {
                let members = pieces[index...].prefix { $0.group == group }
                let groupHeight = members.reduce(0) { $0 + $1.spaceBefore + $1.height }
                if groupHeight <= bottom - top { needed = max(needed, groupHeight) }
            }
            if !onEmptyPage, y + needed > bottom {
                newPage()
                if let header = piece.header { place(header()) }
            }
            place(piece)
        }
        return pages
    }
}
