import CSQLite

/// SQLite's online backup: a copy of one connection's database into another's, a few pages per
/// `step`, while the source stays in use between steps.
///
/// SQLite writes every change made through the source connection into the pages it has copied
/// already; a change through any other connection (or a rolled-back write) makes the next step start
/// over. So once `step` says `.done`, the copy holds everything committed through the source
/// connection until that moment.
public final class SQLiteBackup {
    public enum Step: Equatable, Sendable {
        /// Pages remain to be copied: `remaining` of `total`, as of this step.
        case copying(remaining: Int, total: Int)
        /// The destination holds the whole source, committed; the backup is finished.
        case done(pages: Int)
        /// A lock held elsewhere kept this step from copying anything; step again later.
        case busy
    }

    private let handle: OpaquePointer
    // Kept alive: SQLite reads from one and writes to the other until the backup is finished.
    private let source: SQLiteConnection
    private let destination: SQLiteConnection
    private var finished = false

    /// Starts copying `source`'s main database over `destination`'s, which no one else may use until
    /// the backup is finished.
    public init(from source: SQLiteConnection, to destination: SQLiteConnection) throws(SQLiteError) {
        guard let handle = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.handle), connection: destination.handle)
        }
        self.handle = handle
        self.source = source
        self.destination = destination
    }

    deinit { finish() }

    /// Copies up to `pages` more pages. A failure other than a busy lock ends the backup.
    public func step(pages: Int) throws(SQLiteError) -> Step {
        guard !finished else { throw SQLiteError(kind: .other, code: SQLITE_MISUSE, message: "the backup is finished") }
        let result = sqlite3_backup_step(handle, Int32(clamping: max(pages, 1)))
        switch result & 0xff {
        case SQLITE_OK:
            return .copying(remaining: Int(sqlite3_backup_remaining(handle)), total: Int(sqlite3_backup_pagecount(handle)))
        case SQLITE_DONE:
            let total = Int(sqlite3_backup_pagecount(handle))
            let finishResult = finish()
            guard finishResult == SQLITE_OK else { throw SQLiteError(code: finishResult, connection: destination.handle) }
            return .done(pages: total)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .busy
        default:
            // Finishing sets the destination's error message to the step's failure.
            finish()
            throw SQLiteError(code: result, connection: destination.handle)
        }
    }

    /// Stops the backup (if it is not finished), leaving the destination as it was before it began.
    public func abandon() {
        finish()
    }

    @discardableResult
    private func finish() -> Int32 {
        guard !finished else { return SQLITE_OK }
        finished = true
        return sqlite3_backup_finish(handle)
    }
}
