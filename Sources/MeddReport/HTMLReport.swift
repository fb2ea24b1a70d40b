import MeddCore

/// A report as one self-contained HTML file: inline CSS with a print style sheet sized for the
/// report's paper, charts as inline SVG, no script and nothing fetched from elsewhere.
public enum HTMLReport {
    public static func render(_ document: ReportDocument, generator: String) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="\(escape(document.language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="\(escape(generator))">
            <title>\(escape(document.title))</title>
            <style>
            \(styleSheet(document.paper))
            </style>
            </head>
            <body>
            <main>

            """
        for block in document.blocks { html += render(block) }
        html += """
            </main>
            <footer>\(escape(document.footer))</footer>
            </body>
            </html>

            """
        return html
    }

    private static func styleSheet(_ paper: Paper) -> String {
        let width = number(paper.contentWidth)
        return """
            @page { size: \(paper.cssName); margin: 15mm; }
            body { font-family: "DejaVu Sans", Verdana, sans-serif; font-size: 9.5pt; line-height: 1.4; color: \(Palette.text.hex);
              background: #fff; margin: 0 auto; padding: 24pt 18pt; max-width: \(width)pt; }
            h1 { font-size: 20pt; margin: 0 0 6pt; color: \(Palette.accent.hex); }
            h2 { font-size: 13pt; margin: 20pt 0 6pt; padding-bottom: 3pt; color: \(Palette.accent.hex);
              border-bottom: 1.5pt solid \(Palette.accent.hex); }
            h3 { font-size: 11pt; margin: 16pt 0 4pt; }
            p { margin: 0 0 5pt; }
            p.lead { font-size: 12pt; margin-bottom: 3pt; }
            p.note { font-size: 8pt; color: \(Palette.muted.hex); }
            table { border-collapse: collapse; width: 100%; margin: 6pt 0; font-size: 8.5pt; }
            th { text-align: left; color: \(Palette.muted.hex); border-bottom: 1pt solid \(Palette.axis.hex); padding: 3pt 4pt; }
            td { padding: 3pt 4pt; border-bottom: 0.5pt solid \(Palette.grid.hex); vertical-align: top; }
            .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            .nowrap { white-space: nowrap; }
            tr.total td { border-top: 1pt solid \(Palette.axis.hex); }
            svg { display: block; max-width: 100%; height: auto; margin: 6pt 0; }
            td svg { margin: 3pt 0 0; max-width: none; }
            footer { margin-top: 24pt; padding-top: 4pt; font-size: 7.5pt; color: \(Palette.muted.hex);
              border-top: 0.5pt solid \(Palette.rule.hex); }
            @media print {
              body { padding: 0; max-width: none; }
              section, tr, svg { break-inside: avoid; }
              h2, h3 { break-after: avoid; }
              footer { display: none; }
            }
            """
    }

    private static func render(_ block: ReportDocument.Block) -> String {
        switch block {
        case .heading(let text, let level):
            let tag = "h\(min(max(level, 1), 3))"
            return "<\(tag)>\(escape(text))</\(tag)>\n"
        case .paragraph(let spans, let style):
            let attribute = style == .body ? "" : " class=\"\(style.rawValue)\""
            return "<p\(attribute)>\(render(spans))</p>\n"
        case .table(let table):
            return render(table)
        case .figure(let figure):
            return svg(figure) + "\n"
        case .group(let blocks):
            return "<section>\n" + blocks.map(render).joined() + "</section>\n"
        }
    }

    /// `keepingNumbersWhole`: a word of Chinese, Japanese or Korean with digits in it (`07时00分`) stays on one
    /// line, as the PDF keeps it (`ColumnWidths.words`); a browser would break it between its characters.
    private static func render(_ spans: [ReportDocument.Span], keepingNumbersWhole: Bool = false) -> String {
        spans.map { span in
            var text = keepingNumbersWhole ? wholeNumbers(span.text) : escape(span.text)
            if span.bold { text = "<strong>\(text)</strong>" }
            if let color = span.color { text = "<span style=\"color:\(color.hex)\">\(text)</span>" }
            return text
        }.joined()
    }

    private static func render(_ table: ReportDocument.Table) -> String {
        var html = "<table>\n<thead><tr>"
        for column in table.columns { html += "<th\(column.numeric ? " class=\"num\"" : "")>\(escape(column.header))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for (index, row) in table.rows.enumerated() {
            html += table.hasTotalRow && index == table.rows.count - 1 ? "<tr class=\"total\">" : "<tr>"
            for (column, cell) in zip(table.columns, row) {
                let content = cell.figure.map(svg) ?? render(cell.spans, keepingNumbersWhole: true)
                html += "<td\(column.numeric ? " class=\"num\"" : "")>\(content)</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// `text` escaped, each word that `ColumnWidths.words` keeps whole but a browser would break in a `nowrap` span.
    private static func wholeNumbers(_ text: String) -> String {
        var html = ""
        var word = ""
        func flush() {
            let keptWhole = ColumnWidths.words(word).count == 1 && word.unicodeScalars.contains(where: TextMetrics.isWide)
            html += keptWhole ? "<span class=\"nowrap\">\(escape(word))</span>" : escape(word)
            word = ""
        }
        for character in text {
            if character == " " || character == "\n" {
                flush()
                html += escape(String(character))
            } else {
                word.append(character)
            }
        }
        flush()
        return html
    }

    /// The figure as inline SVG, at its size in points (scaled down on a narrow screen).
    static func svg(_ figure: Figure) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 \(number(figure.width)) \(number(figure.height))\" "
            + "width=\"\(number(figure.width))pt\" height=\"\(number(figure.height))pt\" "
            + "font-family=\"DejaVu Sans, Verdana, sans-serif\"><title>\(escape(figure.summary))</title>"
        for mark in figure.marks { svg += element(mark) }
        return svg + "</svg>"
    }

    private static func element(_ mark: Figure.Mark) -> String {
        switch mark {
        case .rectangle(let x, let y, let width, let height, let fill, let stroke):
            return "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\"\(paint(fill, stroke))/>"
        case .polyline(let points, let stroke):
            return "<polyline points=\"\(coordinates(points))\"\(paint(nil, stroke))/>"
        case .polygon(let points, let fill, let stroke):
            return "<polygon points=\"\(coordinates(points))\"\(paint(fill, stroke))/>"
        case .circle(let center, let radius, let fill, let stroke):
            return "<circle cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"\(number(radius))\"\(paint(fill, stroke))/>"
        case .text(let text, let at, let size, let anchor, let color, let bold):
            return "<text x=\"\(number(at.x))\" y=\"\(number(at.y))\" font-size=\"\(number(size))\" text-anchor=\"\(anchor.rawValue)\" "
                + "fill=\"\(color.hex)\"\(bold ? " font-weight=\"bold\"" : "")>\(escape(text))</text>"
        }
    }

    private static func paint(_ fill: Color?, _ stroke: Figure.Stroke?) -> String {
        var attributes = " fill=\"\(fill?.hex ?? "none")\""
        if let stroke {
            attributes += " stroke=\"\(stroke.color.hex)\" stroke-width=\"\(number(stroke.width))\""
            if !stroke.dash.isEmpty { attributes += " stroke-dasharray=\"\(stroke.dash.map(number).joined(separator: " "))\"" }
        }
        return attributes
    }

    private static func coordinates(_ points: [Figure.Point]) -> String {
        points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    /// Two decimals at most, no exponent: `42.52`, `8`.
    static func number(_ value: Double) -> String {
        var text = FixedDecimal.text(value, decimals: 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Text made safe inside an element or a quoted attribute: the five markup characters as
    /// references, and control characters (which HTML does not allow) as spaces.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
