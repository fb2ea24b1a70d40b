/// A D-Bus argument to append to an outgoing message. Only the shapes medd sends are here.
public enum BusValue: Hashable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case string(String)
    case stringArray([String])
    /// `a{sv}`: string keys in the given order, each value wrapped in a variant.
    case variantDictionary([(String, BusValue)])

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .string: "s"
        case .stringArray: "as"
        case .variantDictionary: "a{sv}"
        }
    }

    public static func == (lhs: BusValue, rhs: BusValue) -> Bool {
        switch (lhs, rhs) {
        case (.byte(let a), .byte(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.uint32(let a), .uint32(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.stringArray(let a), .stringArray(let b)): a == b
        case (.variantDictionary(let a), .variantDictionary(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(signature)
        switch self {
        case .byte(let value): hasher.combine(value)
        case .bool(let value): hasher.combine(value)
        case .int32(let value): hasher.combine(value)
        case .uint32(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .stringArray(let value): hasher.combine(value)
        case .variantDictionary(let entries):
            for (key, value) in entries {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }
}
