/// A value bound to a `?` of an SQL statement.
public enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue {
    public init(_ value: Int64?) { self = value.map(Self.integer) ?? .null }
    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: String?) { self = value.map(Self.text) ?? .null }
}
