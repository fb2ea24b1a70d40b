/// Whether an unquoted TOML value (a number, boolean, date or time) is well formed,
/// following the TOML 1.0 grammar.
///
/// The bundled toml++ trips internal assertions on some malformed values (such as
/// `1979-05-27T:07`) instead of reporting them, so values are checked before it sees them.
enum TOMLScalarSyntax {
    static func isValid(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        return token == "true" || token == "false" || isInteger(bytes) || isFloat(bytes) || isDateOrTime(bytes)
    }

    /// Whether `bytes` are a local date `YYYY-MM-DD` (shape only; toml++ checks the ranges).
    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        matches(bytes, "dddd-dd-dd")
    }

    private static func isInteger(_ bytes: [UInt8]) -> Bool {
        for (prefix, isDigit) in [("0x", isHexDigit), ("0o", isOctalDigit), ("0b", isBinaryDigit)] as [(String, (UInt8) -> Bool)] {
            if bytes.starts(with: Array(prefix.utf8)) { return isDigits(bytes.dropFirst(2), isDigit) }
        }
        return isDecimalInteger(dropSign(bytes[...]))
    }

    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var rest = dropSign(bytes[...])
        if rest.elementsEqual("inf".utf8) || rest.elementsEqual("nan".utf8) { return true }
        let integerEnd = rest.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? rest.endIndex
        guard isDecimalInteger(rest[..<integerEnd]), integerEnd < rest.endIndex else { return false }
        rest = rest[integerEnd...]
        if rest.first == UInt8(ascii: ".") {
            let fractionEnd = rest.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? rest.endIndex
            guard isDigits(rest[(rest.startIndex + 1)..<fractionEnd], isDecimalDigit) else { return false }
            rest = rest[fractionEnd...]
        }
        guard let first = rest.first else { return true }
        guard first == UInt8(ascii: "e") || first == UInt8(ascii: "E") else { return false }
        return isDigits(dropSign(rest.dropFirst()), isDecimalDigit)
    }

    private static func isDateOrTime(_ bytes: [UInt8]) -> Bool {
        if isTime(bytes[...]) { return true }
        guard bytes.count >= 10, isDate(bytes[..<10]) else { return false }
        if bytes.count == 10 { return true }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]) else { return false }
        var time = bytes[11...]
        if let last = time.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
            time = time.dropLast()
        } else if time.count > 6, matches(time.suffix(6), "+dd:dd") {
            time = time.dropLast(6)
        }
        return isTime(time)
    }

    /// `HH:MM:SS` with optional fractional seconds.
    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 8, matches(bytes.prefix(8), "dd:dd:dd") else { return false }
        let fraction = bytes.dropFirst(8)
        if fraction.isEmpty { return true }
        return fraction.first == UInt8(ascii: ".") && fraction.count > 1 && fraction.dropFirst().allSatisfy(isDecimalDigit)
    }

    /// `0`, or a non-zero digit followed by digits with single underscores between them.
    private static func isDecimalInteger(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isDecimalDigit(first) else { return false }
        if first == UInt8(ascii: "0") { return bytes.count == 1 }
        return isDigits(bytes, isDecimalDigit)
    }

    /// One or more digits, each underscore between two digits.
    private static func isDigits(_ bytes: ArraySlice<UInt8>, _ isDigit: (UInt8) -> Bool) -> Bool {
        guard let first = bytes.first, let last = bytes.last, isDigit(first), isDigit(last) else { return false }
        var previousWasUnderscore = false
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
            } else if isDigit(byte) {
                previousWasUnderscore = false
            } else {
                return false
            }
        }
        return true
    }

    /// Shape match: `d` is a decimal digit, `+` is a sign, anything else must be equal.
    private static func matches(_ bytes: ArraySlice<UInt8>, _ pattern: String) -> Bool {
        let pattern = Array(pattern.utf8)
        guard bytes.count == pattern.count else { return false }
        return zip(bytes, pattern).allSatisfy { byte, expected in
            switch expected {
            case UInt8(ascii: "d"): return isDecimalDigit(byte)
            case UInt8(ascii: "+"): return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            default: return byte == expected
            }
        }
    }

    private static func dropSign(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isOctalDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") }
    private static func isBinaryDigit(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDecimalDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
