import SQLite
import Systemd

/// A backup of a running `Ledger` into a new file: SQLite's online backup with the ledger's own
/// connection as the source. SQLite writes each commit made through that connection into the
/// pages it copied already, so the step that finishes the copy leaves in it everything committed
/// until then; a checkpoint from the checkpointer's connection at most makes a step start over.
final class LedgerCopy: LedgerBackup {
    private let path: String
    private let source: SQLiteConnection
    private var destination: SQLiteConnection?
    private var backup: SQLiteBackup?

    /// Creates `path` (mode 0600; never replacing a file) and starts copying into it.
    init(source: SQLiteConnection, path: String) throws(LedgerError) {
        self.path = path
        self.source = source
        do {
            try FileSystem.createNew(path, mode: 0o600)
        } catch {
            throw LedgerError(error.permissionDenied || error.readOnlyFileSystem ? .readOnly : .io,
                              "cannot create the backup file \(path): \(error.reason)")
        }
        do {
            let destination = try SQLiteConnection(path: path, create: false)
            // A copy that fails is removed, never rolled back; it is synced once, when complete.
            try destination.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            backup = try SQLiteBackup(from: source, to: destination)
            self.destination = destination
        } catch {
            Self.remove(path)
            throw LedgerError.from(error, path: path, doing: "start a backup")
        }
    }

    deinit { abandon() }

    func step(pages: Int) throws(LedgerError) -> LedgerBackupProgress {
        guard let backup else { throw LedgerError(.io, "\(path): the backup has ended already") }
        let step: SQLiteBackup.Step
        do {
            step = try backup.step(pages: pages)
        } catch {
            abandon()
            throw LedgerError.from(error, path: path, doing: "copy the ledger into a backup")
        }
        switch step {
        case .copying(let remaining, let total):
            // The copy is synced once, when complete; written back as it goes, that sync holds the
            // loop for the last pages only, not the whole file.
            FileSystem.startWriteback(path)
            return .copying(remaining: remaining, total: total)
        case .busy: return .busy
        case .done: return .finished(try finish())
        }
    }

    /// Closes the complete copy, syncs it and counts what it holds — through the ledger's connection,
    /// which in this same turn holds exactly what the copy does.
    private func finish() throws(LedgerError) -> LedgerBackupSummary {
        backup = nil
        destination = nil
        let counts: (events: Int64?, doses: Int64?)
        do {
            counts = try source.transaction(writing: false) { () throws(SQLiteError) -> (Int64?, Int64?) in
                (try source.integer("SELECT count(*) FROM event"), try source.integer("SELECT count(*) FROM dose"))
            }
        } catch {
            Self.remove(path)
            throw LedgerError.from(error, path: source.path, doing: "count what the backup holds")
        }
        let bytes: Int
        do {
            try FileSystem.sync(path)
            bytes = try FileSystem.size(of: path)
        } catch {
            Self.remove(path)
            throw LedgerError(.io, "cannot sync the backup \(path) to disk: \(error.reason)")
        }
        return LedgerBackupSummary(path: path, bytes: bytes, events: Int(counts.events ?? 0), doses: Int(counts.doses ?? 0),
                                   schema: LedgerSchema.currentVersion)
    }

    func abandon() {
        guard backup != nil else { return }
        backup?.abandon()
        backup = nil
        destination = nil
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        FileSystem.removeFile(path)
        FileSystem.removeFile(path + "-journal")
    }
}
