import Foundation
import MeddControl

/// Writing to the terminal: stdout for results, stderr for errors.
enum Output {
    static func line(_ text: String) {
        print(text)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Encodes a value as stable, pretty JSON with sorted keys.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A JSON value from the daemon (or built like one), pretty with sorted keys.
    static func json(_ value: JSONValue) throws {
        let data = try JSONSerialization.data(withJSONObject: value.foundationObject,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        line(String(decoding: data, as: UTF8.self))
    }

    /// Left-aligned columns separated by two spaces, the last column unpadded. Widths count what
    /// is visible, so coloured cells line up.
    static func table(_ header: [String], _ rows: [[String]], style: Style = .current) {
        let all = [header.map(style.bold)] + rows
        let widths = header.indices.map { column in all.map { visibleWidth($0[column]) }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - visibleWidth(cell))
            }
            var text = cells.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            line(text)
        }
    }

    /// Characters on screen: escape sequences (`ESC [ … m`) take none.
    static func visibleWidth(_ text: String) -> Int {
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
