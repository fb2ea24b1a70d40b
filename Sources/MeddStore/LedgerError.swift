/// Why the ledger could not be opened or written. Every case leaves the existing data as it was.
public struct LedgerError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        /// Another process holds the state directory's lock.
        case locked
        /// The file is not a SQLite database, or SQLite found it damaged.
        case corrupt
        /// The directory or file cannot be written.
        case readOnly
        /// The disk or quota is full.
        case full
        /// The file was written by a newer medd with a schema this one does not know.
        case newerSchema
        /// Any other I/O or SQLite failure.
        case io
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
