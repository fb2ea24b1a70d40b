/// Reads TOML's four kinds of string at a cursor: basic (`"…"`, with escapes), literal (`'…'`), and
/// their multi-line forms (`"""…"""`, `'''…'''`).
enum TOMLStringReader {
    /// Any string value; the cursor is at its first quote and ends after its last.
    static func read(_ cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> String {
        if cursor.isAt("\"\"\"") { return try readMultiLine(&cursor, quote: UInt8(ascii: "\""), delimiter: "\"\"\"") }
        if cursor.isAt("'''") { return try readMultiLine(&cursor, quote: UInt8(ascii: "'"), delimiter: "'''") }
        return try readOneLine(&cursor)
    }

    /// A one-line string, as a quoted key is written.
    static func readOneLine(_ cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> String {
        let start = cursor.here()
        let quote = cursor.current
        let isBasic = quote == UInt8(ascii: "\"")
        cursor.advance()
        var result: [UInt8] = []
        while true {
            guard let byte = cursor.current, byte != UInt8(ascii: "\n"),
                  !(byte == UInt8(ascii: "\r") && cursor.byte(at: 1) == UInt8(ascii: "\n")) else {
                throw .unterminatedString(startingAt: start, at: cursor.here())
            }
            if byte == quote {
                cursor.advance()
                return String(decoding: result, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") && isBasic {
                guard let next = cursor.byte(at: 1), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") else {
                    cursor.advance()
                    throw .unterminatedString(startingAt: start, at: cursor.here())
                }
                try appendEscape(&cursor, to: &result)
                continue
            }
            try checkCharacter(&cursor)
            result.append(byte)
            cursor.advance()
        }
    }

    /// `"""…"""` or `'''…'''`: a line end right after the opening quotes is left out, CRLF reads as `\n`,
    /// and up to two quotes right before the closing three belong to the text.
    private static func readMultiLine(_ cursor: inout TOMLCursor, quote: UInt8, delimiter: String) throws(TOMLSyntaxError) -> String {
        let start = cursor.here()
        let isBasic = quote == UInt8(ascii: "\"")
        cursor.advance(3)
        if cursor.current == UInt8(ascii: "\n") || cursor.isAt("\r\n") { try cursor.passLineEnd() }
        var result: [UInt8] = []
        while let byte = cursor.current {
            switch byte {
            case quote where cursor.byte(at: 1) == quote && cursor.byte(at: 2) == quote:
                cursor.advance(3)
                for _ in 0..<2 where cursor.current == quote {
                    result.append(quote)
                    cursor.advance()
                }
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\") where isBasic:
                switch try skipLineEndingBackslash(&cursor) {
                case nil: try appendEscape(&cursor, to: &result)
                case false?: throw .unterminatedMultiLineString(startingAt: start, delimiter: delimiter, at: cursor.here())
                case true?: break
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try cursor.passLineEnd()
                result.append(UInt8(ascii: "\n"))
            default:
                try checkCharacter(&cursor)
                result.append(byte)
                cursor.advance()
            }
        }
        throw .unterminatedMultiLineString(startingAt: start, delimiter: delimiter, at: cursor.here())
    }

    /// At a backslash followed by blanks up to the end of the line: moves past every space, tab and line
    /// end after it and returns true, or false when the text ends first. nil (having moved nowhere) for
    /// any other backslash.
    private static func skipLineEndingBackslash(_ cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> Bool? {
        var distance = 1
        while let byte = cursor.byte(at: distance), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { distance += 1 }
        let next = cursor.byte(at: distance)
        guard next == nil || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") else {
            guard distance == 1 else {
                cursor.advance(distance)
                throw .textAfterLineEndingBackslash(at: cursor.here())
            }
            return nil
        }
        cursor.advance(distance)
        guard next != nil else { return false }
        while let byte = cursor.current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): cursor.advance()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try cursor.passLineEnd()
            default: return true
            }
        }
        return true
    }

    /// An escape of a basic string, the cursor at its backslash.
    private static func appendEscape(_ cursor: inout TOMLCursor, to result: inout [UInt8]) throws(TOMLSyntaxError) {
        let position = cursor.here()
        cursor.advance()
        let simple: UInt8? = switch cursor.current {
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "t"): UInt8(ascii: "\t")
        case UInt8(ascii: "n"): UInt8(ascii: "\n")
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "r"): UInt8(ascii: "\r")
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        default: nil
        }
        if let simple {
            result.append(simple)
            cursor.advance()
            return
        }
        guard cursor.current == UInt8(ascii: "u") || cursor.current == UInt8(ascii: "U") else {
            if cursor.current == 0 { throw .nul(at: cursor.here()) }
            throw .unknownEscape("\\" + cursor.escapedScalar(), at: position)
        }
        let isShort = cursor.current == UInt8(ascii: "u")
        let count = isShort ? 4 : 8
        var code: UInt32 = 0
        var digits = 0
        while digits < count, let byte = cursor.byte(at: 1 + digits), let digit = hexValue(byte) {
            code = code << 4 | UInt32(digit)
            digits += 1
        }
        let written = cursor.text(cursor.offset - 1..<cursor.offset + 1 + digits)
        guard digits == count else {
            throw .shortUnicodeEscape(written, digits: count, example: isShort ? "\\u00E9" : "\\U0001F600", at: position)
        }
        guard let scalar = Unicode.Scalar(code) else { throw .notAScalarValue(written, at: position) }
        result.append(contentsOf: String(scalar).utf8)
        cursor.advance(1 + count)
    }

    /// Control characters (tab aside) must be escaped; a NUL is an error of its own.
    private static func checkCharacter(_ cursor: inout TOMLCursor) throws(TOMLSyntaxError) {
        guard let byte = cursor.current, TOMLCursor.isControl(byte) else { return }
        if byte == 0 { throw .nul(at: cursor.here()) }
        if byte == UInt8(ascii: "\r") { throw .loneCarriageReturn(at: cursor.here()) }
        let escape = "\\u" + String(repeating: "0", count: byte < 0x10 ? 3 : 2) + String(byte, radix: 16, uppercase: true)
        throw .controlCharacterInString(escape, at: cursor.here())
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
