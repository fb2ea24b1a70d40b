/// Rows as left-aligned columns separated by two spaces, the last column unpadded, the header in
/// bold when the style allows. Widths count what is visible, so coloured cells line up.
public enum TextTable {
    public static func lines(_ header: [String], _ rows: [[String]], style: Style = .current) -> [String] {
        let all = [header.map(style.bold)] + rows
        let widths = header.indices.map { column in all.map { visibleWidth($0[column]) }.max() ?? 0 }
        return all.map { row in
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - visibleWidth(cell))
            }
            var text = cells.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// Characters on screen: escape sequences (`ESC [ … m`) take none.
    public static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}
