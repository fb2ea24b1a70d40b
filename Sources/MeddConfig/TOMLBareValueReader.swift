import MeddCore

/// Reads an unquoted value at a cursor: a boolean, a number, a date, a time or a date-time.
enum TOMLBareValueReader {
    /// The bytes of one unquoted value, up to a blank, a comma, a closing bracket or brace, or a comment.
    struct Token {
        let range: Range<Int>
        /// As written, escaped for a message.
        let text: String
    }

    static func read(_ cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> TOMLValue.Content {
        let token = token(at: cursor)
        guard !token.range.isEmpty, cursor.current != UInt8(ascii: "=") else { throw cursor.unexpected(TOMLSyntaxError.expectedValue) }
        let bytes = cursor.bytes[token.range]
        let content: TOMLValue.Content
        if bytes.elementsEqual("true".utf8) {
            content = .boolean(true)
        } else if bytes.elementsEqual("false".utf8) {
            content = .boolean(false)
        } else if let special = specialFloat(bytes) {
            content = .float(special, text: token.text)
        } else if TOMLDateTimeReader.isDateOrTime(bytes) {
            content = try TOMLDateTimeReader.read(token, in: &cursor)
        } else {
            content = try TOMLNumberReader.read(token, in: &cursor)
        }
        cursor.advance(token.range.count)
        return content
    }

    /// The token at the cursor; `1979-05-27 07:32:00` (a date, one space, a time) is one.
    private static func token(at cursor: TOMLCursor) -> Token {
        let bytes = cursor.bytes
        var end = endOfRun(in: bytes, from: cursor.offset)
        if end - cursor.offset == 10, TOMLDateTimeReader.isDateOrTime(bytes[cursor.offset..<end]), end + 3 < bytes.count,
           bytes[end] == UInt8(ascii: " "), isDigit(bytes[end + 1]), isDigit(bytes[end + 2]), bytes[end + 3] == UInt8(ascii: ":") {
            end = endOfRun(in: bytes, from: end + 1)
        }
        return Token(range: cursor.offset..<end, text: DisplayText.escaped(cursor.text(cursor.offset..<end)))
    }

    private static func endOfRun(in bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
        return end
    }

    /// Blanks, line ends, what closes an array or inline table or starts a comment; and control characters,
    /// which are errors of their own.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"): true
        default: TOMLCursor.isControl(byte)
        }
    }

    /// `inf` and `nan`, signed or not.
    private static func specialFloat(_ bytes: ArraySlice<UInt8>) -> Double? {
        let isNegative = bytes.first == UInt8(ascii: "-")
        let unsigned = isNegative || bytes.first == UInt8(ascii: "+") ? bytes.dropFirst() : bytes
        if unsigned.elementsEqual("inf".utf8) { return isNegative ? -.infinity : .infinity }
        if unsigned.elementsEqual("nan".utf8) { return isNegative ? -.nan : .nan }
        return nil
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
