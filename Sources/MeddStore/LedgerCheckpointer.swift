import Dispatch
import GRDB
import Synchronization

/// Copies the ledger's write-ahead log back into the database file from a second connection on a
/// background queue. In WAL mode a checkpoint runs beside the writer, so the loop thread — which
/// acknowledges answers — never waits for the checkpoint's writes and `fsync`.
final class LedgerCheckpointer: Sendable {
    private let path: String
    private let work = DispatchQueue(label: "medd.ledger.checkpoint")
    private let connection = Mutex<DatabaseQueue?>(nil)
    private let running = Mutex(false)

    init(path: String) {
        self.path = path
    }

    /// Starts a PASSIVE checkpoint unless one is still running.
    func start() {
        guard running.withLock({ busy in
            if busy { return false }
            busy = true
            return true
        }) else { return }
        work.async { [self] in
            defer { running.withLock { $0 = false } }
            // A failed checkpoint leaves the WAL longer; the next one, or SQLite at close, catches up.
            try? databaseQueue().writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        }
    }

    private func databaseQueue() throws -> DatabaseQueue {
        if let open = connection.withLock({ $0 }) { return open }
        var configuration = GRDB.Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        let opened = try DatabaseQueue(path: path, configuration: configuration)
        connection.withLock { $0 = opened }
        return opened
    }
}
