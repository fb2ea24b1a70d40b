/// Why bytes are not one acceptable JSON value.
public enum JSONParseError: Error, Hashable, Sendable {
    case notUTF8
    /// Syntax error at this byte offset.
    case syntax(offset: Int)
    /// A number too large for a `Double` (e.g. `1e999`), at this byte offset.
    case numberOutOfRange(offset: Int)
    /// Arrays and objects nested deeper than the parser's limit.
    case tooDeep
    /// An object names the same key twice.
    case duplicateKey(String)
}
