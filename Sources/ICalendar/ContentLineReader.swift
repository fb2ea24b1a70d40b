/// Splits the input into content lines (RFC 5545 3.1): each line ends with CRLF or a bare LF (the
/// last may end without one), and a line starting with a space or tab continues the one before.
/// Empty lines may only end the input.
struct ContentLineReader {
    /// A line of the input without its line break, and its number counting from 1.
    private typealias InputLine = (text: ArraySlice<UInt8>, number: Int)

    private let bytes: [UInt8]
    private let maximumLineBytes: Int
    private var position: Int
    private var linesRead = 0
    /// The input line read to see whether it continues the content line before it; it did not.
    private var lookahead: InputLine?

    init(bytes: [UInt8], startingAt position: Int, maximumLineBytes: Int) {
        self.bytes = bytes
        self.position = position
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next content line, unfolded, or nil at the end of the input.
    mutating func next() throws(ICalendarError) -> ContentLine? {
        guard let first = try take() else { return nil }
        if first.text.isEmpty {
            try expectOnlyEmptyLines(after: first.number)
            return nil
        }
        if let byte = first.text.first, ICalendarSyntax.isFoldWhitespace(byte) {
            throw .continuationWithoutLine(line: first.number)
        }
        guard first.text.count <= maximumLineBytes else { throw .lineTooLong(line: first.number, limit: maximumLineBytes) }
        var line = ContentLine(first.text, line: first.number)
        while let next = try take() {
            guard let byte = next.text.first, ICalendarSyntax.isFoldWhitespace(byte) else {
                lookahead = next
                break
            }
            guard line.bytes.count + next.text.count - 1 <= maximumLineBytes else {
                throw .lineTooLong(line: first.number, limit: maximumLineBytes)
            }
            line.appendContinuation(next.text.dropFirst(), line: next.number)
        }
        return line
    }

    /// An empty line is only allowed where nothing but empty lines follows it.
    private mutating func expectOnlyEmptyLines(after emptyLine: Int) throws(ICalendarError) {
        while let line = try take() {
            guard line.text.isEmpty else { throw .emptyLine(line: emptyLine) }
        }
    }

    private mutating func take() throws(ICalendarError) -> InputLine? {
        if let line = lookahead {
            lookahead = nil
            return line
        }
        guard position < bytes.count else { return nil }
        linesRead += 1
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case ICalendarSyntax.lineFeed:
                position += 1
                return (bytes[start..<position - 1], linesRead)
            case ICalendarSyntax.carriageReturn:
                guard position + 1 < bytes.count, bytes[position + 1] == ICalendarSyntax.lineFeed else {
                    throw .strayCarriageReturn(line: linesRead)
                }
                position += 2
                return (bytes[start..<position - 2], linesRead)
            default:
                position += 1
            }
        }
        return (bytes[start..<position], linesRead)
    }
}
