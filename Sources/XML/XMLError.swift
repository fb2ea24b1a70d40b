/// Why a document was not read.
public enum XMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libxml2 found it not well-formed: its message and the line.
    case malformed(message: String, line: Int)
    /// Larger than the reader takes.
    case tooLarge(bytes: Int, limit: Int)
    /// Elements nested deeper than the reader follows.
    case tooDeep(limit: Int)
    /// More elements than the reader keeps.
    case tooManyElements(limit: Int)

    public var description: String {
        switch self {
        case .malformed(let message, let line): "not well-formed XML at line \(line): \(message)"
        case .tooLarge(let bytes, let limit): "the XML is \(bytes) bytes, more than the \(limit) read"
        case .tooDeep(let limit): "the XML nests elements more than \(limit) deep"
        case .tooManyElements(let limit): "the XML holds more than \(limit) elements"
        }
    }
}
