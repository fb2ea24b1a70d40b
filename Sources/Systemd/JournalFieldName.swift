/// journald's rules for the names of the fields a client sends.
public enum JournalFieldName {
    public static let maximumLength = 64

    /// Throws when journald would refuse or silently drop a field of this name.
    public static func validate(_ name: String) throws(JournalFieldNameError) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { throw JournalFieldNameError(name: name, problem: .empty) }
        guard bytes.count <= maximumLength else {
            throw JournalFieldNameError(name: name, problem: .tooLong(length: bytes.count))
        }
        if let offset = bytes.firstIndex(where: { !isAllowed($0) }) {
            throw JournalFieldNameError(name: name, problem: .invalidByte(bytes[offset], offset: offset))
        }
        if first == UInt8(ascii: "_") { throw JournalFieldNameError(name: name, problem: .leadingUnderscore) }
        if isDigit(first) { throw JournalFieldNameError(name: name, problem: .leadingDigit) }
    }

    public static func isValid(_ name: String) -> Bool {
        do { try validate(name); return true } catch { return false }
    }

    /// Turns any text into a valid name: `prefix + text` uppercased, every other character made `_`, leading `_`
    /// dropped, `X` put before a leading digit (or for nothing left), cut to 64 bytes.
    /// `sanitized("request-id", prefix: "MEDD_")` is `MEDD_REQUEST_ID`.
    public static func sanitized(_ text: String, prefix: String = "") -> String {
        var bytes = (prefix + text).unicodeScalars.map { scalar -> UInt8 in
            guard scalar.isASCII else { return UInt8(ascii: "_") }
            let byte = UInt8(scalar.value)
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
            return isAllowed(upper) ? upper : UInt8(ascii: "_")
        }
        bytes.removeFirst(bytes.prefix(while: { $0 == UInt8(ascii: "_") }).count)
        if bytes.first.map(isDigit) ?? true { bytes.insert(UInt8(ascii: "X"), at: 0) }
        return String(decoding: bytes.prefix(maximumLength), as: UTF8.self)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
