import MeddCore

/// Walks TOML text byte by byte (UTF-8) and knows where each byte is: lines end at `\n` (so CRLF is one
/// line end), columns count Unicode scalars, and a leading byte-order mark, invisible in editors, takes
/// no column.
struct TOMLCursor {
    let bytes: [UInt8]
    private(set) var offset: Int
    private(set) var line = 1
    /// Where the current line starts.
    private var lineStart: Int
    /// The column of one offset on the current line, so positions along a long line are counted once.
    private var counted: (offset: Int, column: Int)

    init(_ text: String) {
        bytes = Array(text.utf8)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = start
        lineStart = start
        counted = (start, 1)
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func byte(at distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    func isAt(_ text: String) -> Bool {
        offset <= bytes.count && bytes[offset...].starts(with: text.utf8)
    }

    /// Moves over bytes on the current line (never over a `\n`: see `passLineFeed`).
    mutating func advance(_ count: Int = 1) {
        offset += count
    }

    /// Moves over the `\n` the cursor is at, to the start of the next line.
    mutating func passLineFeed() {
        offset += 1
        line += 1
        lineStart = offset
        counted = (offset, 1)
    }

    /// Where the cursor is.
    mutating func here() -> SourcePosition { position(at: offset) }

    /// Where `target`, on the current line and not before the cursor's line start, is.
    mutating func position(at target: Int) -> SourcePosition {
        var from = counted
        if target < from.offset { from = (lineStart, 1) }
        var column = from.column
        for index in from.offset..<max(from.offset, min(target, bytes.count)) where !Self.isContinuation(bytes[index]) {
            column += 1
        }
        counted = (target, column)
        return SourcePosition(line: line, column: column)
    }

    // MARK: Blanks

    mutating func skipSpaces() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { offset += 1 }
    }

    /// Whether the cursor is at `\n`, `\r\n`, or a `\r` alone (an error where it is read).
    var isAtLineEnd: Bool { current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") }

    /// Moves over the line end the cursor is at: `\n` or `\r\n`.
    mutating func passLineEnd() throws(TOMLSyntaxError) {
        if current == UInt8(ascii: "\r") {
            guard byte(at: 1) == UInt8(ascii: "\n") else { throw .loneCarriageReturn(at: here()) }
            offset += 1
        }
        passLineFeed()
    }

    /// Moves over a comment from its `#` to the end of its line (which stays to be read).
    mutating func skipComment() throws(TOMLSyntaxError) {
        offset += 1
        while let byte = current, byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r") {
                if self.byte(at: 1) == UInt8(ascii: "\n") { return }
                throw .loneCarriageReturn(at: here())
            }
            if Self.isControl(byte) {
                if byte == 0 { throw .nul(at: here()) }
                throw .controlCharacterInComment(escapedScalar(), at: here())
            }
            offset += 1
        }
    }

    /// Spaces, line ends and comments: what may stand between the elements of an array.
    mutating func skipBlanksAndComments() throws(TOMLSyntaxError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): offset += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try passLineEnd()
            case UInt8(ascii: "#"): try skipComment()
            default: return
            }
        }
    }

    // MARK: Describing

    /// What the cursor is at, for "expected …, found %1$s": a character in quotes (escaped), the end of
    /// the line or the end of the file.
    func found() -> any MessageArgument {
        guard let byte = current else {
            // TRANSLATORS: what was found where something else was expected, as in "expected a value, found the end of the file".
            return Translatable("the end of the file")
        }
        if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && self.byte(at: 1) == UInt8(ascii: "\n")) {
            // TRANSLATORS: what was found where something else was expected, as in "expected a value, found the end of the line".
            return Translatable("the end of the line")
        }
        // A double quote in double quotes would read as an escape.
        return byte == UInt8(ascii: "\"") ? "'\"'" : DisplayText.quoted(scalarText())
    }

    /// Whether the cursor is at what could start a value: after a value, a sign of a missing comma.
    var isAtValueStart: Bool {
        guard let byte = current else { return false }
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || ConfigPath.isBareKeyByte(byte)
    }

    /// An error made by `make` with what the cursor is at; a NUL there is an error of its own.
    mutating func unexpected(_ make: (any MessageArgument, SourcePosition) -> TOMLSyntaxError) -> TOMLSyntaxError {
        current == 0 ? .nul(at: here()) : make(found(), here())
    }

    /// The Unicode scalar the cursor is at, as text.
    func scalarText() -> String {
        guard let lead = current else { return "" }
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return String(decoding: bytes[offset..<min(offset + length, bytes.count)], as: UTF8.self)
    }

    /// The scalar the cursor is at, escaped as messages show control characters (`\u0007`).
    func escapedScalar() -> String { DisplayText.escaped(scalarText()) }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// U+0000 to U+001F but tab, and U+007F: not allowed in strings and comments.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
