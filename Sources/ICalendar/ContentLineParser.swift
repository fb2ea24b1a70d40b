/// Reads one content line as a property (RFC 5545 3.1):
/// `name *(";" param-name "=" param-value *("," param-value)) ":" value`, where a parameter value is
/// quoted or holds no `;`, `:` or `,`, and nothing but a tab may be a control character.
struct ContentLineParser {
    private let line: ContentLine
    private let maximumParameters: Int
    private var position = 0

    private init(line: ContentLine, maximumParameters: Int) {
        self.line = line
        self.maximumParameters = maximumParameters
    }

    /// The property the line holds, its name and parameter names in upper case.
    static func property(of line: ContentLine, maximumParameters: Int) throws(ICalendarError) -> ICalendarProperty {
        try line.checkUTF8()
        var parser = ContentLineParser(line: line, maximumParameters: maximumParameters)
        return try parser.parseProperty()
    }

    private var current: UInt8? { position < line.bytes.count ? line.bytes[position] : nil }
    private var currentLine: Int { line.line(at: position) }

    private mutating func parseProperty() throws(ICalendarError) -> ICalendarProperty {
        let name = readName()
        guard !name.isEmpty, current == UInt8(ascii: ";") || current == UInt8(ascii: ":") || current == nil else {
            throw .invalidPropertyName(line: currentLine, name: name, found: found)
        }
        var parameters: [ICalendarParameter] = []
        while current == UInt8(ascii: ";") {
            position += 1
            let parameter = try readParameter(of: name)
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw .duplicateParameter(line: currentLine, property: name, parameter: parameter.name)
            }
            guard parameters.count < maximumParameters else {
                throw .tooManyParameters(line: currentLine, property: name, limit: maximumParameters)
            }
            parameters.append(parameter)
        }
        guard current == UInt8(ascii: ":") else { throw .missingColon(line: currentLine, property: name) }
        position += 1
        let value = line.bytes[position...]
        if let control = value.firstIndex(where: ICalendarSyntax.isControl) {
            position = control
            throw .controlCharacter(line: currentLine, property: name, found: found)
        }
        var property = ICalendarProperty(name: name, parameters: parameters, value: String(decoding: value, as: UTF8.self))
        property.line = line.firstLine
        return property
    }

    /// `NAME=value` or `NAME=value,"quoted value",…`, ending before the `;` or `:` that follows.
    private mutating func readParameter(of property: String) throws(ICalendarError) -> ICalendarParameter {
        let name = readName()
        guard current == UInt8(ascii: "=") else {
            if !name.isEmpty, current.map(ICalendarSyntax.isParameterDelimiter) ?? true {
                throw .missingEquals(line: currentLine, property: property, parameter: name)
            }
            throw .invalidParameterName(line: currentLine, property: property, name: name, found: found)
        }
        guard !name.isEmpty else { throw .invalidParameterName(line: currentLine, property: property, name: name, found: found) }
        position += 1
        var values = [try readParameterValue(property: property, parameter: name)]
        while current == UInt8(ascii: ",") {
            position += 1
            values.append(try readParameterValue(property: property, parameter: name))
        }
        guard current == UInt8(ascii: ";") || current == UInt8(ascii: ":") else {
            if current == nil { throw .missingColon(line: currentLine, property: property) }
            throw .invalidParameterValue(line: currentLine, property: property, parameter: name, found: found)
        }
        return ICalendarParameter(name: name, values: values)
    }

    private mutating func readParameterValue(property: String, parameter: String) throws(ICalendarError) -> String {
        guard current == ICalendarSyntax.quote else {
            return read(while: ICalendarSyntax.isSafe)
        }
        let quoteLine = currentLine
        position += 1
        let value = read(while: ICalendarSyntax.isQuotedSafe)
        guard current == ICalendarSyntax.quote else {
            if current == nil { throw .unterminatedQuote(line: quoteLine, property: property, parameter: parameter) }
            throw .invalidParameterValue(line: currentLine, property: property, parameter: parameter, found: found)
        }
        position += 1
        return value
    }

    /// A property or parameter name, in upper case; empty when the line holds none here.
    private mutating func readName() -> String {
        let start = position
        while let byte = current, ICalendarSyntax.isNameByte(byte) { position += 1 }
        return ICalendarSyntax.uppercased(line.bytes[start..<position])
    }

    private mutating func read(while accepted: (UInt8) -> Bool) -> String {
        let start = position
        while let byte = current, accepted(byte) { position += 1 }
        return String(decoding: line.bytes[start..<position], as: UTF8.self)
    }

    /// The character at the current position for an error message, or "the end of the line".
    private var found: String {
        guard position < line.bytes.count else { return "the end of the line" }
        // The line is valid UTF-8, so the scalar starting here decodes whole.
        var iterator = line.bytes[position...].makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "the end of the line" }
        return ICalendarSyntax.describe(scalar)
    }
}
