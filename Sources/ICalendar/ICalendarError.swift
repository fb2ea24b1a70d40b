/// Why a calendar object could not be read, a value not understood, or a tree not written. Reading
/// errors name the input line (counting from 1) where the fault is; a value's error the line its
/// property began on, when it was read rather than made in code.
public enum ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    // The input as a whole.
    case inputTooLarge(bytes: Int, limit: Int)
    case noComponent

    // Lines.
    case strayCarriageReturn(line: Int)
    case notUTF8(line: Int)
    /// An empty line with content after it (empty lines may only end the input).
    case emptyLine(line: Int)
    /// The first line starts with a space or tab, as only a folded line's continuation may.
    case continuationWithoutLine(line: Int)
    case lineTooLong(line: Int, limit: Int)

    // One content line. `found` describes the character where the grammar broke, or the end of the line.
    case invalidPropertyName(line: Int, name: String, found: String)
    case missingColon(line: Int, property: String)
    case invalidParameterName(line: Int, property: String, name: String, found: String)
    case missingEquals(line: Int, property: String, parameter: String)
    case unterminatedQuote(line: Int, property: String, parameter: String)
    case invalidParameterValue(line: Int, property: String, parameter: String, found: String)
    case duplicateParameter(line: Int, property: String, parameter: String)
    case tooManyParameters(line: Int, property: String, limit: Int)
    case controlCharacter(line: Int, property: String, found: String)

    // Components.
    case expectedBegin(line: Int, found: String)
    case beginOrEndWithParameters(line: Int, keyword: String)
    case invalidComponentName(line: Int, keyword: String)
    /// An END naming another component than the innermost open one, which began at line `openedAt`.
    case mismatchedEnd(line: Int, open: String, openedAt: Int, found: String)
    /// The input ends inside a component; the line is its BEGIN's.
    case unclosedComponent(line: Int, name: String)
    /// Anything after the END of the top-level component: a calendar object holds one.
    case contentAfterEnd(line: Int, component: String)
    case tooDeep(line: Int, limit: Int)
    case tooManyComponents(line: Int, limit: Int)
    case tooManyProperties(line: Int, limit: Int)

    // Values, read by `ICalendarProperty`'s accessors.
    case invalidValue(line: Int?, property: String, expected: ValueType)
    /// A TZID beside a UTC time, which RFC 5545 3.2.19 forbids.
    case zoneOnUTCTime(line: Int?, property: String)
    /// A VALUE parameter naming another type than the accessor reads.
    case unsupportedValueType(line: Int?, property: String, type: String)
    case multipleParameterValues(line: Int?, property: String, parameter: String)

    // Writing a tree made in code.
    case unwritableName(String)
    case unwritableValue(property: String, found: String)
    case unwritableParameter(property: String, parameter: String)

    /// The value types the accessors read (RFC 5545 3.3).
    public enum ValueType: String, Hashable, Sendable {
        case text = "TEXT"
        case integer = "INTEGER"
        case date = "DATE"
        case dateTime = "DATE-TIME"

        /// What a valid value of the type looks like.
        var form: String {
            switch self {
            case .text: "a backslash may only escape \\, ;, , and n or N"
            case .integer: "an optional sign and digits, from -2147483648 to 2147483647"
            case .date: "yyyyMMdd"
            case .dateTime: "yyyyMMddTHHmmss, with Z for UTC"
            }
        }
    }

    /// The input line the error is about, when it has one.
    public var line: Int? {
        switch self {
        case .inputTooLarge, .noComponent, .unwritableName, .unwritableValue, .unwritableParameter: nil
        case .strayCarriageReturn(let line), .notUTF8(let line), .emptyLine(let line), .continuationWithoutLine(let line),
             .lineTooLong(let line, _), .invalidPropertyName(let line, _, _), .missingColon(let line, _),
             .invalidParameterName(let line, _, _, _), .missingEquals(let line, _, _), .unterminatedQuote(let line, _, _),
             .invalidParameterValue(let line, _, _, _), .duplicateParameter(let line, _, _), .tooManyParameters(let line, _, _),
             .controlCharacter(let line, _, _), .expectedBegin(let line, _), .beginOrEndWithParameters(let line, _),
             .invalidComponentName(let line, _), .mismatchedEnd(let line, _, _, _), .unclosedComponent(let line, _),
             .contentAfterEnd(let line, _), .tooDeep(let line, _), .tooManyComponents(let line, _), .tooManyProperties(let line, _):
            line
        case .invalidValue(let line, _, _), .zoneOnUTCTime(let line, _), .unsupportedValueType(let line, _, _),
             .multipleParameterValues(let line, _, _):
            line
        }
    }

    /// `line 12: message`, or the message alone when there is no line.
    public var description: String { line.map { "line \($0): \(message)" } ?? message }

    /// What went wrong, on one line, without the line number.
    public var message: String {
        switch self {
        case .inputTooLarge(let bytes, let limit): "the calendar object is \(bytes) bytes long, more than the \(limit) allowed"
        case .noComponent: "no BEGIN: the input holds no component"
        case .strayCarriageReturn: "a carriage return not followed by a line feed"
        case .notUTF8: "bytes that are not UTF-8"
        case .emptyLine: "an empty line before the end of the calendar object"
        case .continuationWithoutLine: "a continuation line (starting with a space or tab) with no line before it to continue"
        case .lineTooLong(_, let limit): "a content line longer than \(limit) bytes once unfolded"
        case .invalidPropertyName(_, let name, let found) where name.isEmpty: "expected a property name, found \(found)"
        case .invalidPropertyName(_, let name, let found):
            "\(found) after \"\(name)\" cannot be part of a property name (letters, digits and \"-\")"
        case .missingColon(_, let property): "\(property) has no \":\" before its value"
        case .invalidParameterName(_, let property, let name, let found) where name.isEmpty:
            "expected a parameter name after \";\" in \(property), found \(found)"
        case .invalidParameterName(_, let property, let name, let found):
            "\(found) after \"\(name)\" cannot be part of a parameter name (letters, digits and \"-\") in \(property)"
        case .missingEquals(_, let property, let parameter): "parameter \(parameter) of \(property) has no \"=\" and value"
        case .unterminatedQuote(_, let property, let parameter): "the quoted value of parameter \(parameter) of \(property) is not closed"
        case .invalidParameterValue(_, let property, let parameter, let found):
            "unexpected \(found) in the value of parameter \(parameter) of \(property)"
        case .duplicateParameter(_, let property, let parameter): "parameter \(parameter) appears twice in \(property)"
        case .tooManyParameters(_, let property, let limit): "\(property) has more than \(limit) parameters"
        case .controlCharacter(_, let property, let found): "the value of \(property) holds the control character \(found)"
        case .expectedBegin(_, let found): "expected BEGIN, found \(found)"
        case .beginOrEndWithParameters(_, let keyword): "\(keyword) takes no parameters"
        case .invalidComponentName(_, let keyword): "\(keyword) needs a component name (letters, digits and \"-\")"
        case .mismatchedEnd(_, let open, let openedAt, let found): "END:\(found) while \(open) (BEGIN at line \(openedAt)) is open"
        case .unclosedComponent(_, let name): "BEGIN:\(name) has no END"
        case .contentAfterEnd(_, let component): "content after END:\(component), which closed the calendar object"
        case .tooDeep(_, let limit): "components nested more than \(limit) deep"
        case .tooManyComponents(_, let limit): "more than \(limit) components"
        case .tooManyProperties(_, let limit): "more than \(limit) properties"
        case .invalidValue(_, let property, let expected): "the value of \(property) is not a valid \(expected.rawValue) (\(expected.form))"
        case .zoneOnUTCTime(_, let property): "\(property) has a TZID, but its time is in UTC"
        case .unsupportedValueType(_, let property, let type):
            "\(property) has VALUE=\(type.debugDescription) where a DATE or DATE-TIME was expected"
        case .multipleParameterValues(_, let property, let parameter): "parameter \(parameter) of \(property) has more than one value"
        case .unwritableName(let name):
            "cannot write the name \(name.debugDescription): a name takes letters, digits and \"-\", and a property cannot be called BEGIN or END"
        case .unwritableValue(let property, let found): "cannot write \(property): its value holds the control character \(found)"
        case .unwritableParameter(let property, let parameter):
            "cannot write parameter \(parameter) of \(property): it needs a value, and no value may hold a DQUOTE or a control character"
        }
    }
}
