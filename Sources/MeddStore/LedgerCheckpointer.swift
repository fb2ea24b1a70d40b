import SQLite
import Synchronization
import Systemd

/// Copies the ledger's write-ahead log back into the database file from a second connection on a
/// thread of its own. In WAL mode a checkpoint runs beside the writer, so the loop thread — which
/// acknowledges answers — never waits for the checkpoint's writes and `fsync`.
final class LedgerCheckpointer: Sendable {
    private let path: String
    private let running = Mutex(false)
    private let finished = Mutex(0)

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
        do {
            try DetachedThread.start { [self] in
                defer {
                    finished.withLock { $0 += 1 }
                    running.withLock { $0 = false }
                }
                // A failed checkpoint leaves the WAL longer; the next one, or SQLite at close, catches up.
                // Never creates the file: if the ledger was moved away, there is nothing to checkpoint.
                try? Ledger.open(path, create: false).execute("PRAGMA wal_checkpoint(PASSIVE)")
            }
        } catch {
            running.withLock { $0 = false }
        }
    }

    /// How many checkpoints have finished, and whether one is running: for tests.
    var progress: (finished: Int, running: Bool) {
        (finished.withLock { $0 }, running.withLock { $0 })
    }
}
