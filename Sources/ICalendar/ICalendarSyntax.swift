/// The character classes of RFC 5545's content line grammar (3.1), on UTF-8 bytes, shared by the
/// parser and the writer so that whatever one accepts the other writes back.
enum ICalendarSyntax {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")

    /// iana-token and x-name: ASCII letters, digits and "-".
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A whole name: at least one name byte and nothing else.
    static func isName(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy(isNameByte) }

    /// CONTROL: the C0 characters but HTAB, and DEL. No part of a content line may hold one.
    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    /// SPACE or HTAB, which start a folded line's continuation.
    static func isFoldWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// QSAFE-CHAR: what a quoted parameter value may hold.
    static func isQuotedSafe(_ byte: UInt8) -> Bool { !isControl(byte) && byte != quote }

    /// The bytes that end an unquoted parameter value, so a value holding one must be quoted.
    static func isParameterDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")
    }

    /// SAFE-CHAR: what an unquoted parameter value may hold.
    static func isSafe(_ byte: UInt8) -> Bool { isQuotedSafe(byte) && !isParameterDelimiter(byte) }

    /// Names are case-insensitive (3.1): they are kept with their ASCII letters in upper case.
    static func uppercased(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// A character for an error message: `"@"`, `DQUOTE`, or `U+0007` for a control character
    /// (which would break the message's line).
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == "\"" { return "DQUOTE" }
        guard scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) else { return "\"\(scalar)\"" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
