/// Reads a TOML integer (decimal, `0x`, `0o`, `0b`) or float from an unquoted token, with the rules
/// people trip over spelled out: leading zeros, underscores, digits around the decimal point.
enum TOMLNumberReader {
    typealias Token = TOMLBareValueReader.Token

    static func read(_ token: Token, in cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> TOMLValue.Content {
        let bytes = cursor.bytes
        var index = token.range.lowerBound
        let end = token.range.upperBound
        let hasSign = bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        if hasSign { index += 1 }
        if index + 1 < end, bytes[index] == UInt8(ascii: "0"), let radix = radix(of: bytes[index + 1]) {
            guard bytes[index + 2..<end].allSatisfy(isWordByte) else { throw .notAValue(cursor.text(token.range), at: cursor.position(at: token.range.lowerBound)) }
            if hasSign { throw .signedPrefixedInteger(token.text, at: cursor.position(at: token.range.lowerBound)) }
            return .integer(try prefixed(token, radix: radix, in: &cursor))
        }
        guard bytes[index..<end].allSatisfy(isDecimalByte), index < end,
              BareValue.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") else {
            throw .notAValue(cursor.text(token.range), at: cursor.position(at: token.range.lowerBound))
        }
        if bytes[index] == UInt8(ascii: ".") { throw .pointWithoutDigits(token.text, at: cursor.position(at: index)) }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < end, BareValue.isDigit(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: "_") {
            throw .leadingZero(token.text, at: cursor.position(at: index))
        }
        index = try digits(from: index, token, in: &cursor)
        var isFloat = false
        if index < end, bytes[index] == UInt8(ascii: ".") {
            isFloat = true
            guard index + 1 < end, BareValue.isDigit(bytes[index + 1]) else { throw .pointWithoutDigits(token.text, at: cursor.position(at: index)) }
            index = try digits(from: index + 1, token, in: &cursor)
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isFloat = true
            let exponent = index
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end, BareValue.isDigit(bytes[index]) else { throw .exponentWithoutDigits(token.text, at: cursor.position(at: exponent)) }
            index = try digits(from: index, token, in: &cursor)
        }
        guard index == end else { throw .notAValue(cursor.text(token.range), at: cursor.position(at: token.range.lowerBound)) }
        let plain = String(decoding: bytes[token.range].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        if isFloat {
            // The syntax is checked, so the standard library's reading cannot fail; it rounds as the spec asks
            // (IEEE 754 binary64, nearest), and a number too large for it becomes infinity, as in Python's tomllib.
            return .float(Double(plain) ?? .nan, text: cursor.text(token.range))
        }
        guard let integer = Int(plain) else { throw .integerOutOfRange(token.text, at: cursor.position(at: token.range.lowerBound)) }
        return .integer(integer)
    }

    /// Decimal digits from `start` (a digit), each underscore between two digits; returns where they end.
    private static func digits(from start: Int, _ token: Token, in cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> Int {
        try run(from: start, token, in: &cursor, isDigit: BareValue.isDigit)
    }

    private static func run(from start: Int, _ token: Token, in cursor: inout TOMLCursor, isDigit: (UInt8) -> Bool) throws(TOMLSyntaxError) -> Int {
        let bytes = cursor.bytes
        var index = start
        while index < token.range.upperBound {
            if isDigit(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "_") {
                guard index > start, isDigit(bytes[index - 1]), index + 1 < token.range.upperBound, isDigit(bytes[index + 1]) else {
                    throw .misplacedUnderscore(token.text, at: cursor.position(at: index))
                }
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// `0x…`, `0o…` or `0b…`, no sign; at most `Int.max`.
    private static func prefixed(_ token: Token, radix: Int, in cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> Int {
        let bytes = cursor.bytes
        let start = token.range.lowerBound + 2
        let isDigit = { (byte: UInt8) in digitValue(byte).map { $0 < radix } ?? false }
        let refusal: TOMLSyntaxError = switch radix {
        case 16: .notHexadecimal(token.text, at: cursor.position(at: token.range.lowerBound))
        case 8: .notOctal(token.text, at: cursor.position(at: token.range.lowerBound))
        default: .notBinary(token.text, at: cursor.position(at: token.range.lowerBound))
        }
        guard start < token.range.upperBound, isDigit(bytes[start]) else { throw refusal }
        let end = try run(from: start, token, in: &cursor, isDigit: isDigit)
        guard end == token.range.upperBound else { throw refusal }
        var value = 0
        for byte in bytes[start..<end] where byte != UInt8(ascii: "_") {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow, let digit = digitValue(byte), shifted <= Int.max - digit else {
                throw .integerOutOfRange(token.text, at: cursor.position(at: token.range.lowerBound))
            }
            value = shifted + digit
        }
        return value
    }

    private static func radix(of byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { ConfigPath.isBareKeyByte(byte) }

    private static func isDecimalByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
             UInt8(ascii: "+"), UInt8(ascii: "-"): true
        default: false
        }
    }

    private typealias BareValue = TOMLBareValueReader
}
