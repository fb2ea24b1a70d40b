/// Writes calendar objects (RFC 5545 3.1): names in upper case, parameter values quoted where they
/// hold `:`, `;` or `,`, every line folded at 75 octets and ended with CRLF. What it writes,
/// `ICalendarParser` reads back as the same tree.
public enum ICalendarWriter {
    /// Octets a line may hold before its CRLF.
    public static let lineLimit = 75

    /// The text of `component` and all it holds. Throws for what could not be read back the same: a
    /// name that is none (or a property called BEGIN or END), a control character other than a tab in
    /// a value, a DQUOTE in a parameter value, a parameter without a value.
    public static func text(of component: ICalendarComponent) throws(ICalendarError) -> String {
        var lines: [String] = []
        try append(component, to: &lines)
        return document(lines)
    }

    /// One property as a content line, unfolded and without its CRLF.
    public static func contentLine(of property: ICalendarProperty) throws(ICalendarError) -> String {
        let name = try checkedName(property.name)
        guard name != "BEGIN", name != "END" else { throw .unwritableName(property.name) }
        var line = name
        for parameter in property.parameters {
            let parameterName = try checkedName(parameter.name)
            guard !parameter.values.isEmpty, parameter.values.allSatisfy({ $0.utf8.allSatisfy(ICalendarSyntax.isQuotedSafe) }) else {
                throw .unwritableParameter(property: name, parameter: parameterName)
            }
            line += ";" + parameterName + "=" + parameter.values.map(quotedIfNeeded).joined(separator: ",")
        }
        if let control = property.value.utf8.first(where: ICalendarSyntax.isControl) {
            throw .unwritableValue(property: name, found: ICalendarSyntax.describe(Unicode.Scalar(control)))
        }
        return line + ":" + property.value
    }

    /// One content line, folded: at most 75 octets a line before its CRLF, each continuation
    /// starting with a space, never cutting a UTF-8 sequence in two.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var result: [UInt8] = []
        var start = 0
        var limit = lineLimit
        while bytes.count - start > limit {
            var end = start + limit
            while isContinuation(bytes[end]) { end -= 1 }
            result += bytes[start..<end] + Array("\r\n ".utf8)
            start = end
            limit = lineLimit - 1  // the leading space counts
        }
        result += bytes[start...] + Array("\r\n".utf8)
        return String(decoding: result, as: UTF8.self)
    }

    /// Content lines (`NAME:value`, unfolded) as the text of a calendar object.
    public static func document(_ lines: [String]) -> String {
        lines.map(fold).joined()
    }

    private static func append(_ component: ICalendarComponent, to lines: inout [String]) throws(ICalendarError) {
        let name = try checkedName(component.name)
        lines.append("BEGIN:" + name)
        for property in component.properties { lines.append(try contentLine(of: property)) }
        for child in component.components { try append(child, to: &lines) }
        lines.append("END:" + name)
    }

    private static func checkedName(_ name: String) throws(ICalendarError) -> String {
        guard ICalendarSyntax.isName(name) else { throw .unwritableName(name) }
        return ICalendarSyntax.uppercased(name.utf8)
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        value.utf8.contains(where: ICalendarSyntax.isParameterDelimiter) ? "\"" + value + "\"" : value
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
