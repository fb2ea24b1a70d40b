public import MeddCore

/// A JSON value; integers and non-integral numbers are kept apart, booleans are never numbers.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number (`10.0`, `1e3`, integers too large for `Int`).
    case number(Double)
    /// An amount of units, written as its exact decimal (`27.25`, `56`); read back as `.integer` or `.number`,
    /// which `quantityValue` turns into the same amount.
    case decimal(Quantity)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .decimal(let value): Double(value.thousandths) / 1000
        default: nil
        }
    }

    /// An amount of units: a whole number, or a number with at most three decimal places (read exactly:
    /// see `Quantity.parse(exactly:)`); nil for anything else.
    public var quantityValue: Quantity? {
        switch self {
        case .integer(let value): try? Quantity.parse(units: value).get()
        case .number(let value): try? Quantity.parse(exactly: value).get()
        case .decimal(let value): value
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}
