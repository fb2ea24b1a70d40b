/// Escape sequences of TOML basic strings (`"…"`), needed for quoted keys.
enum BasicStringEscapes {
    /// The text of a basic string with its escapes decoded; unknown escapes are kept as written.
    static func decode(_ raw: String) -> String {
        var result = String.UnicodeScalarView()
        var iterator = Array(raw.unicodeScalars)[...]
        while let scalar = iterator.popFirst() {
            guard scalar == "\\", let escape = iterator.popFirst() else {
                result.append(scalar)
                continue
            }
            switch escape {
            case "b": result.append("\u{08}")
            case "t": result.append("\t")
            case "n": result.append("\n")
            case "f": result.append("\u{0C}")
            case "r": result.append("\r")
            case "e": result.append("\u{1B}")
            case "u", "U", "x":
                let width = escape == "u" ? 4 : escape == "U" ? 8 : 2
                let digits = String(String.UnicodeScalarView(iterator.prefix(width)))
                iterator = iterator.dropFirst(width)
                if let code = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(code) {
                    result.append(decoded)
                }
            default:
                result.append("\\")
                result.append(escape)
            }
        }
        return String(result)
    }
}
