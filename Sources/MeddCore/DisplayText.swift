/// Text from a configuration file or a zone file as it appears inside messages.
public enum DisplayText {
    /// `text` in double quotes, escaped as `escaped(_:)` does.
    public static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// `text` with quotes, backslashes, control characters and line separators escaped, so a
    /// message always stays on one line.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` as XML character data: `&`, `<` and `>` escaped, so free text never opens a tag (a
    /// notification's body markup, an element of a WebDAV request).
    public static func xmlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
