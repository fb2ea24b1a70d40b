/// A JSON value; integers and non-integral numbers are kept apart, booleans are never numbers.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number (`10.0`, `1e3`, integers too large for `Int`).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer: "int"
        case .number: "float"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
