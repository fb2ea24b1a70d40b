import CSQLite

/// One connection to a SQLite database file, used by one thread at a time.
///
/// A statement run with `keep: true` is prepared once and kept, so one repeated in a loop or on every
/// commit is parsed once; others are prepared for the one run.
public final class SQLiteConnection {
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens `path` for reading and writing, creating the file if it does not exist and `create` is set;
    /// with `readOnly`, for reading only (never created).
    public init(path: String, create: Bool = true, readOnly: Bool = false) throws(SQLiteError) {
        // One thread at a time per connection (NOMUTEX) is safe only in a thread-safe build of SQLite.
        guard sqlite3_threadsafe() != 0 else {
            throw SQLiteError(kind: .other, code: SQLITE_MISUSE, message: "this SQLite library was built without thread safety")
        }
        self.path = path
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard result == SQLITE_OK, let opened else {
            let error = SQLiteError(code: result, connection: opened)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, one statement or several separated by `;`, with no parameters and no rows wanted.
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// Runs one statement with `values` bound to its `?`s, to the end.
    public func run(_ sql: String, _ values: [SQLiteValue] = [], keep: Bool = false) throws(SQLiteError) {
        try forEachRow(sql, values, keep: keep) { _ in }
    }

    /// Runs one statement with `values` bound to its `?`s and hands `body` each row it yields.
    public func forEachRow(_ sql: String, _ values: [SQLiteValue] = [], keep: Bool = false,
                           _ body: (SQLiteRow) -> Void) throws(SQLiteError) {
        let statement = try prepared(sql, keep: keep)
        defer {
            if statements[sql] == statement {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (index, value) in values.enumerated() {
            try bind(value, at: Int32(index + 1), in: statement)
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: body(SQLiteRow(statement: statement))
            case SQLITE_DONE: return
            case let failure: throw SQLiteError(code: failure, connection: handle)
            }
        }
    }

    /// The first column of the first row `sql` yields, or nil when it yields none or NULL.
    public func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        var first: Int64??
        try forEachRow(sql, values) { row in if first == nil { first = row.optionalInteger(0) } }
        return first ?? nil
    }

    /// The first column of the first row `sql` yields, or nil when it yields none or NULL.
    public func text(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> String? {
        var first: String??
        try forEachRow(sql, values) { row in if first == nil { first = row.optionalText(0) } }
        return first ?? nil
    }

    /// The rowid of the last row this connection inserted.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The rows the last INSERT, UPDATE or DELETE changed (0 for an `INSERT OR IGNORE` that ignored).
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (or `BEGIN` for a reader's consistent snapshot),
    /// rolling back when it throws.
    public func transaction<Result>(writing: Bool = true,
                                    _ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try rollBackLeftoverTransaction()
        try execute(writing ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Some failures (SQLITE_FULL, SQLITE_IOERR) already rolled the transaction back.
            if inTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    public var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Ends a transaction an earlier failure left open (its ROLLBACK failed too): it would make every
    /// BEGIN, and every change of `PRAGMA synchronous`, fail from then on.
    public func rollBackLeftoverTransaction() throws(SQLiteError) {
        if inTransaction { try execute("ROLLBACK") }
    }

    private func prepared(_ sql: String, keep: Bool) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, keep ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0, &statement, nil))
        guard let statement else { throw SQLiteError(kind: .other, code: SQLITE_MISUSE, message: "no statement in \(sql)") }
        if keep { statements[sql] = statement }
        return statement
    }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws(SQLiteError) {
        let result = switch value {
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .text(let text) where text.isEmpty:
            sqlite3_bind_text(statement, index, "", 0, medd_sqlite_transient())
        case .text(var text):
            // By length, not up to a NUL: a note may hold one, and SQLite keeps it.
            text.withUTF8 {
                sqlite3_bind_text64(statement, index, $0.baseAddress, UInt64($0.count), medd_sqlite_transient(),
                                    UInt8(SQLITE_UTF8))
            }
        case .null: sqlite3_bind_null(statement, index)
        }
        try check(result)
    }

    private func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle) }
    }
}
