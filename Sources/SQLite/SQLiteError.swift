import CSQLite

/// A failed SQLite call: what kind of failure (from SQLite's primary result code) and SQLite's message.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Not a database, or a damaged one.
        case corrupt
        /// The file or its directory cannot be written or opened.
        case notWritable
        /// The disk or quota is full.
        case full
        /// Another connection holds a lock.
        case busy
        /// A constraint (unique, foreign key, not null) refused the change.
        case constraint
        case other
    }

    public var kind: Kind
    /// SQLite's primary result code, such as 11 for `SQLITE_CORRUPT`.
    public var code: Int32
    public var message: String

    public init(kind: Kind, code: Int32, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    init(code: Int32, connection: OpaquePointer?) {
        let primary = code & 0xff
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        self.init(kind: Self.kind(of: primary), code: primary, message: text)
    }

    private static func kind(of primary: Int32) -> Kind {
        switch primary {
        case SQLITE_NOTADB, SQLITE_CORRUPT: .corrupt
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .notWritable
        case SQLITE_FULL: .full
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_CONSTRAINT: .constraint
        default: .other
        }
    }

    public var description: String { message }
}
