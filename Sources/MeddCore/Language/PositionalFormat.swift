/// Fills a translated template's conversions with already formatted arguments. gettext's `c-format`
/// checks (`msgfmt --check`) hold translators to the message ID's conversions, so the template may
/// use `%1$s` / `%2$d` (numbered, in any order), `%s` / `%d` (in order) and `%%`. An argument the
/// template names but was not given, and an unknown conversion, are left as they are written
/// rather than crashing on a faulty catalog.
public enum PositionalFormat {
    public static func apply(_ template: String, _ arguments: [String]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var result = ""
        var next = 0
        var scalars = Array(template.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            var conversion = scalars
            var number = 0
            while let digit = conversion.first, let value = digit.properties.numericType != nil ? Int(String(digit)) : nil, digit.isASCII {
                number = number * 10 + value
                conversion.removeFirst()
            }
            if number > 0 {
                guard conversion.first == "$" else { result += "%"; continue }
                conversion.removeFirst()
            }
            guard let kind = conversion.first else { result += "%"; continue }
            switch kind {
            case "%" where number == 0:
                result += "%"
                scalars = conversion.dropFirst()
            case "s", "d":
                let index = number > 0 ? number - 1 : next
                if number == 0 { next += 1 }
                if arguments.indices.contains(index) {
                    result += arguments[index]
                    scalars = conversion.dropFirst()
                } else {
                    result += "%"
                }
            default:
                result += "%"
            }
        }
        return result
    }
}
