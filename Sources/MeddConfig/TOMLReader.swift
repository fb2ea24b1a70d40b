import MeddCore

/// Reads TOML 1.0 text into its tables, every key and value with where it is written, in one pass over
/// the UTF-8 bytes; the first syntax error stops it, with the position of the character at fault.
package struct TOMLReader {
    /// Tables and arrays nest at most this deep, so no text can run the reader out of stack.
    package static let maximumDepth = 100

    private var cursor: TOMLCursor
    private var layout = TOMLLayout()

    /// The document, or its first syntax error.
    package static func read(_ text: String) -> Result<TOMLTable, TOMLSyntaxError> {
        readWithLayout(text).map(\.document)
    }

    /// The document with where it writes each header and key, or its first syntax error.
    package static func readWithLayout(_ text: String) -> Result<(document: TOMLTable, layout: TOMLLayout), TOMLSyntaxError> {
        var reader = TOMLReader(text)
        do {
            let document = try reader.readDocument()
            return .success((document, reader.layout))
        } catch {
            return .failure(error)
        }
    }

    private init(_ text: String) {
        cursor = TOMLCursor(text)
    }

    private mutating func readDocument() throws(TOMLSyntaxError) -> TOMLTable {
        var document = TOMLDocumentBuilder(position: .start, depth: 0, maximumDepth: Self.maximumDepth)
        // The table the key/value lines go into: the last header's.
        var section = TOMLDocumentBuilder.root
        var sectionPath: [String] = []
        while true {
            cursor.skipSpaces()
            switch cursor.current {
            case nil:
                return document.build()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try cursor.passLineEnd()
            case UInt8(ascii: "#"):
                try cursor.skipComment()
            case UInt8(ascii: "["):
                let start = cursor.offset
                let (keys, isArray) = try readHeader()
                section = isArray ? try document.appendTable(keys) : try document.defineTable(keys)
                let names = keys.map(\.name)
                layout.headers.append(TOMLLayout.Header(path: names, isArray: isArray, start: start))
                sectionPath = names
                try expectLineEnd { found, position in
                    .expectedLineEnd(afterHeader: TOMLSyntaxError.headerText(names, isArray: isArray), found: found, at: position)
                }
            default:
                let keys = try readKeyValue(into: section, in: &document, path: sectionPath)
                let key = TOMLSyntaxError.keyText(keys.map(\.name))
                if let decimal = decimalCommaNumber() {
                    throw .decimalComma(inValueOf: key, write: decimal, at: cursor.here())
                }
                try expectLineEnd { found, position in .expectedLineEnd(afterValueOf: key, found: found, at: position) }
            }
        }
    }

    /// `0,5` where the value just read is the integer `0` and a comma and digits follow it: a number
    /// written with a decimal comma, as German or French writes it. Returns it with a point (`0.5`).
    private func decimalCommaNumber() -> String? {
        let isDigit = TOMLBareValueReader.isDigit
        guard cursor.current == UInt8(ascii: ","), let value = layout.keyValues.last,
              value.valueEnd == cursor.offset, let first = cursor.byte(at: 1), isDigit(first) else { return nil }
        let integer = cursor.text(value.valueStart..<value.valueEnd)
        guard integer.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "_") })
        else { return nil }
        var end = 1
        while let byte = cursor.byte(at: end), isDigit(byte) || byte == UInt8(ascii: "_") { end += 1 }
        return integer + "." + cursor.text(cursor.offset + 1..<cursor.offset + end)
    }

    /// After a header or a key/value pair: blanks, maybe a comment, then the end of the line or file.
    private mutating func expectLineEnd(_ error: (any MessageArgument, SourcePosition) -> TOMLSyntaxError) throws(TOMLSyntaxError) {
        cursor.skipSpaces()
        if cursor.current == UInt8(ascii: "#") { try cursor.skipComment() }
        guard cursor.current == nil || cursor.isAtLineEnd else { throw cursor.unexpected(error) }
    }

    /// `[a.b]` or `[[a.b]]`, which opens the section that follows.
    private mutating func readHeader() throws(TOMLSyntaxError) -> (keys: [TOMLDocumentBuilder.Key], isArray: Bool) {
        cursor.advance()
        let isArray = cursor.current == UInt8(ascii: "[")
        if isArray { cursor.advance() }
        let keys = try readKey(isTableName: true)
        cursor.skipSpaces()
        let closing = isArray ? "]]" : "]"
        guard cursor.isAt(closing) else {
            // `[[a]`: what is wrong is what follows the one bracket.
            if isArray && cursor.current == UInt8(ascii: "]") { cursor.advance() }
            throw cursor.unexpected { found, position in .expectedHeaderEnd("\"\(closing)\"", found: found, at: position) }
        }
        cursor.advance(closing.utf8.count)
        return (keys, isArray)
    }

    /// `key = value` into `table` of `builder` (the document's, or an inline table's), which is at `path`
    /// from the document's root; returns the key.
    private mutating func readKeyValue(into table: TOMLDocumentBuilder.TableID, in builder: inout TOMLDocumentBuilder,
                                       path: [String], isInline: Bool = false) throws(TOMLSyntaxError) -> [TOMLDocumentBuilder.Key] {
        cursor.skipSpaces()
        let keyStart = cursor.offset
        let keys = try readKey(isTableName: false)
        cursor.skipSpaces()
        guard cursor.current == UInt8(ascii: "=") else {
            if isInline { try checkInlineLineEnd() }
            throw cursor.unexpected { found, position in
                .expectedEquals(after: TOMLSyntaxError.keyText(keys.map(\.name)), found: found, at: position)
            }
        }
        cursor.advance()
        cursor.skipSpaces()
        if isInline { try checkInlineLineEnd() }
        let target = try builder.tableForKey(keys, in: table)
        let valueStart = cursor.offset
        let fullPath = path + keys.map(\.name)
        let value = try readValue(depth: builder.depth(of: target) + 1, path: fullPath)
        builder.insert(value, named: keys[keys.count - 1], into: target)
        layout.keyValues.append(TOMLLayout.KeyValue(path: fullPath, isInline: isInline, keyStart: keyStart,
                                                    valueStart: valueStart, valueEnd: cursor.offset))
        return keys
    }

    // MARK: Keys

    /// A key, dotted or not; each part bare (`A-Za-z0-9_-`), in double quotes (with escapes) or in single quotes.
    private mutating func readKey(isTableName: Bool) throws(TOMLSyntaxError) -> [TOMLDocumentBuilder.Key] {
        var keys: [TOMLDocumentBuilder.Key] = []
        while true {
            cursor.skipSpaces()
            let position = cursor.here()
            let name: String
            switch cursor.current {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                name = try TOMLStringReader.readOneLine(&cursor)
            case let byte? where ConfigPath.isBareKeyByte(byte):
                let start = cursor.offset
                while let next = cursor.current, ConfigPath.isBareKeyByte(next) { cursor.advance() }
                name = cursor.text(start..<cursor.offset)
                if let next = cursor.current, Self.couldBeKeyCharacter(next) {
                    throw .notInBareKey(DisplayText.quoted(cursor.scalarText()), at: cursor.here())
                }
            case let byte? where Self.couldBeKeyCharacter(byte):
                throw .notInBareKey(DisplayText.quoted(cursor.scalarText()), at: position)
            default:
                throw cursor.unexpected(keys.isEmpty && isTableName ? TOMLSyntaxError.expectedTableName : TOMLSyntaxError.expectedKey)
            }
            keys.append(TOMLDocumentBuilder.Key(name: name, position: position))
            cursor.skipSpaces()
            guard cursor.current == UInt8(ascii: ".") else { return keys }
            cursor.advance()
        }
    }

    /// A character someone may have meant as part of a bare key (`ä`, `:`, `/`): not a blank, a control
    /// character or a character TOML's syntax uses.
    private static func couldBeKeyCharacter(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        guard byte > 0x20, byte != 0x7F else { return false }
        return !"=.[]{},#\"'".utf8.contains(byte)
    }

    // MARK: Values

    /// The value at the cursor, `depth` levels deep were it an array or inline table, written for the key at `path`.
    private mutating func readValue(depth: Int, path: [String]) throws(TOMLSyntaxError) -> TOMLValue {
        let position = cursor.here()
        switch cursor.current {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return TOMLValue(.string(try TOMLStringReader.read(&cursor)), at: position)
        case UInt8(ascii: "["):
            return TOMLValue(.array(try readArray(depth: depth, at: position, path: path)), at: position)
        case UInt8(ascii: "{"):
            return TOMLValue(.table(try readInlineTable(depth: depth, at: position, path: path)), at: position)
        default:
            return TOMLValue(try TOMLBareValueReader.read(&cursor), at: position)
        }
    }

    /// `[ … ]`: values of any kinds, across lines, with comments and a trailing comma allowed.
    private mutating func readArray(depth: Int, at start: SourcePosition, path: [String]) throws(TOMLSyntaxError) -> [TOMLValue] {
        guard depth <= Self.maximumDepth else { throw .nestedTooDeeply(limit: Self.maximumDepth, at: start) }
        cursor.advance()
        var elements: [TOMLValue] = []
        while true {
            try skipArrayBlanks(start)
            if cursor.current == UInt8(ascii: "]") {
                cursor.advance()
                return elements
            }
            if let byte = cursor.current, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "=") {
                throw cursor.unexpected(TOMLSyntaxError.expectedArrayValue)
            }
            elements.append(try readValue(depth: depth + 1, path: path))
            try skipArrayBlanks(start)
            switch cursor.current {
            case UInt8(ascii: ","): cursor.advance()
            case UInt8(ascii: "]"): continue
            default: throw cursor.unexpected(cursor.isAtValueStart ? TOMLSyntaxError.missingArrayComma : TOMLSyntaxError.expectedArraySeparator)
            }
        }
    }

    private mutating func skipArrayBlanks(_ start: SourcePosition) throws(TOMLSyntaxError) {
        try cursor.skipBlanksAndComments()
        if cursor.current == nil { throw .unterminatedArray(startingAt: start, at: cursor.here()) }
    }

    /// `{ key = value, … }` on one line, with no comma after the last pair; closed once read.
    private mutating func readInlineTable(depth: Int, at start: SourcePosition, path: [String]) throws(TOMLSyntaxError) -> TOMLTable {
        guard depth <= Self.maximumDepth else { throw .nestedTooDeeply(limit: Self.maximumDepth, at: start) }
        cursor.advance()
        var table = TOMLDocumentBuilder(position: start, depth: depth, maximumDepth: Self.maximumDepth)
        cursor.skipSpaces()
        if cursor.current == UInt8(ascii: "}") {
            cursor.advance()
            return table.build()
        }
        while true {
            cursor.skipSpaces()
            try checkInlineLineEnd(start)
            _ = try readKeyValue(into: TOMLDocumentBuilder.root, in: &table, path: path, isInline: true)
            cursor.skipSpaces()
            try checkInlineLineEnd(start)
            switch cursor.current {
            case UInt8(ascii: "}"):
                cursor.advance()
                return table.build()
            case UInt8(ascii: ","):
                let comma = cursor.here()
                cursor.advance()
                cursor.skipSpaces()
                if cursor.current == UInt8(ascii: "}") { throw .inlineTableTrailingComma(at: comma) }
            default:
                throw cursor.unexpected(cursor.isAtValueStart ? TOMLSyntaxError.missingInlineTableComma
                    : TOMLSyntaxError.expectedInlineTableSeparator)
            }
        }
    }

    /// An inline table ends on its line: a line end inside it, or the end of the file, is an error.
    private mutating func checkInlineLineEnd(_ start: SourcePosition? = nil) throws(TOMLSyntaxError) {
        if cursor.isAtLineEnd { throw .inlineTableLineBreak(at: cursor.here()) }
        if cursor.current == nil, let start { throw .unterminatedInlineTable(startingAt: start, at: cursor.here()) }
    }
}
