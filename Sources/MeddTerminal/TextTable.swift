/// Rows as left-aligned columns separated by two spaces, the last column unpadded, the header in
/// bold when the style allows. Widths count the columns text takes on screen, so coloured cells and
/// wide (CJK) characters line up.
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

    /// Columns on screen: escape sequences (`ESC [ … m`) take none, wide characters two (see `DisplayWidth`).
    public static func visibleWidth(_ text: String) -> Int {
        DisplayWidth.of(text)
    }
}
