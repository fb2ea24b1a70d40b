import MeddCore

/// Walks TOML text and records where every key and value starts.
///
/// The text is expected to be valid TOML (the parser has accepted it), but the scanner
/// never traps and always makes progress on anything else.
struct SourceScanner {
    private(set) var keyPositions: [ConfigPath: SourcePosition] = [:]
    private(set) var valuePositions: [ConfigPath: SourcePosition] = [:]
    /// The first spot where TOMLKit's bundled toml++ (3.x) would trip an assertion and abort
    /// instead of reporting a parse error (`[}a]`, `[[[x]]]`, `[1, }`); such text must
    /// never reach it.
    private(set) var parserHazard: TOMLReader.SyntaxError? = nil

    private let scalars: [Unicode.Scalar]
    private let positions: [SourcePosition]
    private var index = 0
    private var currentTable = ConfigPath.root
    private var arrayTableCounts: [ConfigPath: Int] = [:]
    /// How deep arrays and inline tables nest here; bounded so hostile text cannot exhaust the stack.
    private var depth = 0
    /// Deeper than toml++ accepts (256), so valid text never reaches it.
    private static let maximumDepth = 300

    init(text: String) {
        // A byte-order mark is invisible in editors, so columns start after it.
        let view = text.unicodeScalars
        scalars = Array(view.first == "\u{FEFF}" ? view.dropFirst() : view[...])
        var positions: [SourcePosition] = []
        positions.reserveCapacity(scalars.count + 1)
        var line = 1
        var column = 1
        for scalar in scalars {
            positions.append(SourcePosition(line: line, column: column))
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        positions.append(SourcePosition(line: line, column: column))
        self.positions = positions
    }

    /// Scans the whole document.
    mutating func scan() {
        while index < scalars.count {
            skipTrivia(newlines: true)
            guard let scalar = peek() else { break }
            let before = index
            if scalar == "[" {
                scanHeader()
            } else {
                scanKeyValue(in: currentTable)
            }
            if index == before { index += 1 }
            skipToEndOfLine()
        }
    }

    // MARK: Headers and key/value pairs

    private mutating func scanHeader() {
        index += 1
        let isArrayOfTables = peek() == "["
        if isArrayOfTables { index += 1 }
        checkHeaderNameStart()
        let parts = scanKey()
        skipSpaces()
        while peek() == "]" { index += 1 }
        guard !parts.isEmpty else { return }
        var path = ConfigPath.root
        for (offset, part) in parts.enumerated() {
            path = path.appending(part.name)
            record(key: path, at: part.start)
            if isArrayOfTables && offset == parts.count - 1 {
                let count = arrayTableCounts[path, default: 0]
                arrayTableCounts[path] = count + 1
                path = path.appending(index: count)
                record(key: path, at: part.start)
            } else if let count = arrayTableCounts[path], count > 0 {
                path = path.appending(index: count - 1)
            }
        }
        currentTable = path
    }

    private mutating func scanKeyValue(in table: ConfigPath) {
        let parts = scanKey()
        guard !parts.isEmpty else { return }
        skipSpaces()
        guard peek() == "=" else { return }
        index += 1
        skipSpaces()
        var path = table
        for part in parts {
            path = path.appending(part.name)
            record(key: path, at: part.start)
        }
        scanValue(at: path)
    }

    /// Records the first header like `[}a]`, `[[[x]]]` or `[` + line break (toml++ 3 aborts on them).
    private mutating func checkHeaderNameStart() {
        var probe = index
        while probe < scalars.count, scalars[probe] == " " || scalars[probe] == "\t" { probe += 1 }
        guard probe < scalars.count else { return }
        let scalar = scalars[probe]
        let isKeyStart = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            || "_-\"'".unicodeScalars.contains(scalar)
        guard !isKeyStart, scalar != "]" else { return }
        // TRANSLATORS: as in "TOML syntax error in table header: expected a table name, saw '='".
        recordHazard(at: probe, context: Translatable("table header"), expected: Translatable("a table name"))
    }

    private mutating func recordHazard(at offset: Int, context: Translatable, expected: Translatable) {
        guard parserHazard == nil, offset < scalars.count else { return }
        let scalar = scalars[offset]
        let found: any MessageArgument = scalar == "\n" || scalar == "\r" ? Translatable("a line break") : "'\(scalar.escaped(asASCII: true))'"
        parserHazard = TOMLReader.SyntaxError(
            position: positions[offset],
            // TRANSLATORS: %1$s is what was being read, like "table header"; %2$s what should have come, like "a table
            // name"; %3$s the character found, like '=', or "a line break".
            message: Translatable("TOML syntax error in %1$s: expected %2$s, saw %3$s", context, expected, found))
    }

    /// A possibly dotted key; each part with the index where it starts.
    private mutating func scanKey() -> [(name: String, start: Int)] {
        var parts: [(name: String, start: Int)] = []
        while true {
            skipSpaces()
            guard let scalar = peek() else { break }
            let start = index
            let name: String
            if scalar == "\"" {
                name = BasicStringEscapes.decode(scanSingleLineString(quote: "\""))
            } else if scalar == "'" {
                name = scanSingleLineString(quote: "'")
            } else {
                while let next = peek(), Self.isBareKeyScalar(next) { index += 1 }
                guard index > start else { break }
                name = String(String.UnicodeScalarView(scalars[start..<index]))
            }
            parts.append((name, start))
            skipSpaces()
            guard peek() == "." else { break }
            index += 1
        }
        return parts
    }

    // MARK: Values

    private mutating func scanValue(at path: ConfigPath) {
        record(value: path, at: index)
        guard let scalar = peek() else { return }
        guard depth < Self.maximumDepth else {
            index = scalars.count
            return
        }
        depth += 1
        defer { depth -= 1 }
        switch scalar {
        case "\"", "'":
            if peek(offset: 1) == scalar && peek(offset: 2) == scalar {
                scanMultiLineString(quote: scalar)
            } else {
                _ = scanSingleLineString(quote: scalar)
            }
        case "[":
            scanArray(at: path)
        case "{":
            scanInlineTable(at: path)
        default:
            checkBareValue()
            while let next = peek(), !",]}#\n".unicodeScalars.contains(next) { index += 1 }
        }
    }

    /// Records an unquoted value that is no TOML number, boolean, date or time.
    private mutating func checkBareValue() {
        let terminators = " \t\r\n,]}#".unicodeScalars
        var end = index
        while end < scalars.count, !terminators.contains(scalars[end]) { end += 1 }
        // `1979-05-27 07:32:00`: a date, one space and a time are one value.
        if end + 1 < scalars.count, scalars[end] == " ", ("0"..."9").contains(scalars[end + 1]),
           TOMLScalarSyntax.isDate(ArraySlice(String(String.UnicodeScalarView(scalars[index..<end])).utf8)) {
            end += 1
            while end < scalars.count, !terminators.contains(scalars[end]) { end += 1 }
        }
        guard end > index else { return }
        let token = String(String.UnicodeScalarView(scalars[index..<end]))
        guard !TOMLScalarSyntax.isValid(token), parserHazard == nil else { return }
        parserHazard = TOMLReader.SyntaxError(
            position: positions[index],
            // TRANSLATORS: %1$s is the unquoted value written, %2$s the same in quotes.
            message: Translatable("TOML syntax error in value: %1$s is not a number, boolean, date or time; quote text, durations and times, e.g. %2$s",
                                  "'\(DisplayText.escaped(token))'", DisplayText.quoted(token)))
    }

    private mutating func scanArray(at path: ConfigPath) {
        index += 1
        var count = 0
        while true {
            skipTrivia(newlines: true)
            guard let scalar = peek() else { return }
            if scalar == "]" { index += 1; return }
            if scalar == "," { index += 1; continue }
            if scalar == "}" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                // TRANSLATORS: as in "TOML syntax error in array: expected a value or ']', saw '}'"; %1$s is ']'.
                recordHazard(at: index, context: Translatable("array"), expected: Translatable("a value or %1$s", "']'"))
                return
            }
            let before = index
            scanValue(at: path.appending(index: count))
            count += 1
            if index == before { index += 1 }
        }
    }

    private mutating func scanInlineTable(at path: ConfigPath) {
        index += 1
        while true {
            skipTrivia(newlines: true)
            guard let scalar = peek() else { return }
            if scalar == "}" { index += 1; return }
            if scalar == "," { index += 1; continue }
            if scalar == "]" { return }
            let before = index
            scanKeyValue(in: path)
            if index == before { index += 1 }
        }
    }

    /// Consumes `"…"` or `'…'` on one line and returns the raw text between the quotes.
    private mutating func scanSingleLineString(quote: Unicode.Scalar) -> String {
        index += 1
        let start = index
        while let scalar = peek(), scalar != "\n" {
            if scalar == "\\" && quote == "\"" {
                index = min(index + 2, scalars.count)
                continue
            }
            if scalar == quote {
                let raw = String(String.UnicodeScalarView(scalars[start..<index]))
                index += 1
                return raw
            }
            index += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    /// Consumes `"""…"""` or `'''…'''`, including up to two quotes that end the content.
    private mutating func scanMultiLineString(quote: Unicode.Scalar) {
        index += 3
        while let scalar = peek() {
            if scalar == "\\" && quote == "\"" {
                index = min(index + 2, scalars.count)
                continue
            }
            if scalar == quote && peek(offset: 1) == quote && peek(offset: 2) == quote {
                index += 3
                var extra = 0
                while extra < 2 && peek() == quote {
                    index += 1
                    extra += 1
                }
                return
            }
            index += 1
        }
    }

    // MARK: Whitespace and comments

    private mutating func skipSpaces() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { index += 1 }
    }

    private mutating func skipTrivia(newlines: Bool) {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\r" || (newlines && scalar == "\n") {
                index += 1
            } else if scalar == "#" {
                while let next = peek(), next != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func skipToEndOfLine() {
        skipTrivia(newlines: false)
        while let scalar = peek(), scalar != "\n" { index += 1 }
    }

    // MARK: Helpers

    private func peek(offset: Int = 0) -> Unicode.Scalar? {
        let position = index + offset
        return position < scalars.count ? scalars[position] : nil
    }

    private mutating func record(key path: ConfigPath, at start: Int) {
        if keyPositions[path] == nil { keyPositions[path] = positions[min(start, positions.count - 1)] }
    }

    private mutating func record(value path: ConfigPath, at start: Int) {
        if valuePositions[path] == nil { valuePositions[path] = positions[min(start, positions.count - 1)] }
    }

    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        !" \t\r\n=.[]\"'#,{}".unicodeScalars.contains(scalar)
    }
}
