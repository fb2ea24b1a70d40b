/// A field name journald would reject, and exactly why.
public struct JournalFieldNameError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        case empty
        case tooLong(length: Int)
        /// Names starting with `_` are trusted fields that only journald itself sets.
        case leadingUnderscore
        case leadingDigit
        /// The first byte that is not `A`–`Z`, `0`–`9` or `_`, and its offset in UTF-8 bytes.
        case invalidByte(UInt8, offset: Int)
    }

    public var name: String
    public var problem: Problem

    public init(name: String, problem: Problem) {
        self.name = name
        self.problem = problem
    }

    public var description: String {
        let why = switch problem {
        case .empty: "it is empty"
        case .tooLong(let length): "it is \(length) bytes long, more than \(JournalFieldName.maximumLength)"
        case .leadingUnderscore: "it starts with '_', which is reserved for fields journald sets itself"
        case .leadingDigit: "it starts with a digit"
        case .invalidByte(let byte, let offset): "byte \(offset) (\(Self.show(byte))) is not A-Z, 0-9 or '_'"
        }
        return "invalid journal field name \"\(name)\": \(why)"
    }

    private static func show(_ byte: UInt8) -> String {
        (0x21...0x7e).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)
    }
}
