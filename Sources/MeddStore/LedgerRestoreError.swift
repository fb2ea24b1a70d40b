public import MeddCore

/// Why `medd --restore` did not replace the ledger. In every case the ledger in place is left as it
/// was, byte for byte.
public struct LedgerRestoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        /// The file cannot be read (missing, a directory, no permission).
        case unreadable
        /// The file is the ledger it would replace.
        case sameFile
        /// The file is empty or not an SQLite database.
        case notSQLite
        /// The file is shorter than its own header says.
        case truncated
        /// SQLite's integrity check, or medd's own reading of the rows, found damage.
        case damaged
        /// An SQLite database, but not a medd ledger.
        case notALedger
        /// A ledger of a schema newer than this medd knows.
        case newerSchema
        /// A medd runs on the state directory.
        case inUse
        /// The state directory cannot be written (read-only, full).
        case cannotInstall
    }

    public var code: Code
    /// In the person's language on a terminal (`.localized`), English anywhere else.
    public var message: Translatable

    public init(_ code: Code, _ message: Translatable) {
        self.code = code
        self.message = message
    }

    public var description: String { message.english }
}
