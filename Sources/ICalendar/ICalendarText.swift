/// TEXT values (RFC 5545 3.3.11): escaped for writing, unescaped for reading.
public enum ICalendarText {
    /// A TEXT value: backslash, semicolon and comma escaped, every line break (CRLF, LF or CR) as
    /// `\n`, and the control characters TEXT may not hold dropped.
    public static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\", ";", ",": result.append("\\"); result.append(scalar)
            case "\n" where afterCR: continue
            case "\n", "\r": result.append("\\"); result.append("n")
            case "\t": result.append(scalar)
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// The text a TEXT value stands for; nil when a backslash escapes anything but `\`, `;`, `,`,
    /// `n` or `N`, or ends the value. A `,` or `;` left unescaped is taken as it stands.
    public static func unescape(_ value: String) -> String? {
        unescape(value, splittingAtCommas: false)?.first
    }

    /// A list of TEXT values (CATEGORIES, RESOURCES): split at the commas not escaped, each unescaped.
    public static func unescapeList(_ value: String) -> [String]? {
        unescape(value, splittingAtCommas: true)
    }

    private static func unescape(_ value: String, splittingAtCommas: Bool) -> [String]? {
        var texts: [String] = []
        var text = String.UnicodeScalarView()
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case "\\", ";", ",": text.append(scalar)
                case "n", "N": text.append("\n")
                default: return nil
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == ",", splittingAtCommas {
                texts.append(String(text))
                text = String.UnicodeScalarView()
            } else {
                text.append(scalar)
            }
        }
        guard !escaping else { return nil }
        return texts + [String(text)]
    }
}
