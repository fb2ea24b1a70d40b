/// Text from the daemon or the configuration made safe to print in a table.
public enum TerminalText {
    /// One line with no control characters: a note's line breaks become `↵`, and nothing in it can
    /// move the cursor, change colours or break the columns.
    public static func cell(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where afterCR: continue
            case 0x0A, 0x0D: result.append("↵")
            case 0x09: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
