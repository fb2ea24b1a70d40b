/// One content line of the input with its folds undone (RFC 5545 3.1), still in bytes: folding may
/// cut a UTF-8 sequence in two, so the line is decoded only once it is whole. It remembers where each
/// folded piece began, so an error inside it names the input line the fault is on.
struct ContentLine {
    private(set) var bytes: [UInt8]
    /// The input line it starts on, counting from 1.
    let firstLine: Int
    /// Where in `bytes` each continuation's text begins, with its input line.
    private var folds: [(offset: Int, line: Int)] = []

    init(_ bytes: ArraySlice<UInt8>, line: Int) {
        self.bytes = Array(bytes)
        firstLine = line
    }

    /// Appends a continuation line without its leading space or tab.
    mutating func appendContinuation(_ text: ArraySlice<UInt8>, line: Int) {
        folds.append((bytes.count, line))
        bytes += text
    }

    /// The input line holding the byte at `offset` (the last line for the end of the content line).
    func line(at offset: Int) -> Int {
        folds.last { $0.offset <= offset }?.line ?? firstLine
    }

    /// Throws `notUTF8` naming the line of the first byte that does not start a valid UTF-8 sequence.
    func checkUTF8() throws(ICalendarError) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return
            case .error: throw .notUTF8(line: line(at: offset))
            }
        }
    }
}
