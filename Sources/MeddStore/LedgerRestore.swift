public import MeddCore
import SQLite
import Systemd

/// `medd --restore FILE`: a checked copy of FILE becomes the ledger of a state directory no medd
/// is running on, and the ledger it replaces is kept beside it.
///
/// Nothing touches the ledger in place until FILE has passed every check (on a copy in the state
/// directory, so the file checked is the file installed). Then the old ledger's write-ahead log is
/// checkpointed into it and the old file gets a second name; the copy is renamed over
/// `ledger.sqlite` last, with no `-wal` or `-shm` of the old ledger left for SQLite to apply to it.
/// At every moment `ledger.sqlite` is the old ledger or the new one, whole.
public enum LedgerRestore {
    public struct Outcome: Hashable, Sendable {
        /// The ledger now in place.
        public var ledger: String
        /// Where the ledger it replaced is kept; nil when there was none.
        public var replaced: String?
        public var report: LedgerFileCheck.Report
    }

    /// Restores `file` as the ledger of `directory` (created if missing); `now` names the kept ledger.
    public static func restore(from file: String, into directory: String, now: Instant) throws(LedgerRestoreError) -> Outcome {
        guard !FileSystem.isDirectory(file) else { throw LedgerRestoreError(.unreadable, Translatable("%1$s is a directory, not a ledger file", file)) }
        do {
            _ = try FileReader.firstBytes(at: file, count: 1)
        } catch {
            throw LedgerRestoreError(.unreadable, Translatable("cannot read %1$s: %2$s", file, error.reason))
        }
        do {
            try FileSystem.createDirectories(directory, mode: 0o700)
        } catch {
            throw LedgerRestoreError(.cannotInstall, Translatable("cannot create the state directory %1$s: %2$s", directory, error.reason))
        }
        let lock: LedgerLock
        do {
            lock = try LedgerLock(directory: directory)
        } catch {
            // TRANSLATORS: %1$s says which medd holds the state directory (English, as the lock reports it); %2$s is a command.
            throw LedgerRestoreError(error.code == .locked ? .inUse : .cannotInstall, error.code == .locked
                ? Translatable("%1$s. Stop it (%2$s) and run medd --restore again", error.message,
                               "systemctl --user stop medd.socket medd.service")
                : Translatable("%1$s", error.message))
        }
        defer { withExtendedLifetime(lock) {} }
        let ledger = directory + "/" + Ledger.fileName
        guard !FileSystem.isSameFile(file, ledger) else {
            throw LedgerRestoreError(.sameFile, Translatable("%1$s is the ledger of %2$s itself; there is nothing to restore", file, directory))
        }
        let staged = ledger + ".restoring"
        guard !FileSystem.isSameFile(file, staged) else {
            throw LedgerRestoreError(.sameFile, Translatable("%1$s is the copy an interrupted restore left in %2$s; copy it elsewhere and restore that",
                                                       file, directory))
        }
        if ((try? FileSystem.size(of: file + "-wal")) ?? 0) > 0 {
            // Restored alone, the file would lose what its log holds: a ledger copied while it was open.
            // TRANSLATORS: %1$s is the ledger file, %2$s a command (never translated).
            throw LedgerRestoreError(.damaged, Translatable("""
                %1$s-wal beside it holds writes that are not in %1$s yet (a ledger copied while medd had it open); \
                restoring the file alone would lose them. Fold them in first with %2$s, or restore a file written by medctl backup
                """, file, "sqlite3 \(file) 'PRAGMA wal_checkpoint(TRUNCATE)'"))
        }
        removeWithSideFiles(staged)
        do {
            try FileSystem.createNew(staged, mode: 0o600)
            try FileSystem.copyContents(of: file, into: staged)
        } catch {
            removeWithSideFiles(staged)
            throw LedgerRestoreError(.cannotInstall, Translatable("cannot copy %1$s into %2$s: %3$s", file, directory, error.description))
        }
        let report: LedgerFileCheck.Report
        do {
            report = try LedgerFileCheck.check(staged, name: file)
        } catch {
            removeWithSideFiles(staged)
            throw error
        }
        // The check opened the copy read-only; what SQLite put beside it belongs to no ledger.
        removeSideFiles(of: staged)
        do {
            let replaced = try keepReplaced(ledger, now: now)
            try FileSystem.rename(staged, to: ledger)
            try FileSystem.sync(directory)
            return Outcome(ledger: ledger, replaced: replaced, report: report)
        } catch {
            removeWithSideFiles(staged)
            throw LedgerRestoreError(.cannotInstall, Translatable("cannot install the restored ledger in %1$s: %2$s", directory, error.description))
        }
    }

    /// Gives the ledger in place a second name, `ledger.sqlite.replaced-YYYYMMDDTHHMMSSZ`, holding
    /// everything it holds: its write-ahead log is checkpointed into it first, or, when that fails
    /// (a damaged ledger), kept beside it under that name's `-wal`. Then the old side files go.
    private static func keepReplaced(_ ledger: String, now: Instant) throws(SystemError) -> String? {
        guard FileSystem.exists(ledger) else {
            // A log without its database belongs to nothing, and must not be applied to the new one.
            removeSideFiles(of: ledger)
            return nil
        }
        checkpoint(ledger)
        let replaced = try linkUnderFreeName(ledger, base: ledger + ".replaced-" + compactUTC(now))
        for suffix in ["-wal", "-journal"] where ((try? FileSystem.size(of: ledger + suffix)) ?? 0) > 0 {
            try FileSystem.link(ledger + suffix, as: replaced + suffix)
        }
        try FileSystem.sync(FileSystem.directory(of: ledger))
        removeSideFiles(of: ledger)
        return replaced
    }

    /// What SQLite keeps beside a database: the write-ahead log, its index, a rollback journal.
    private static let sideFileSuffixes = ["-wal", "-shm", "-journal"]

    /// Copies the write-ahead log into the database file and empties it (closing the connection
    /// removes it); a ledger that cannot be opened keeps its log.
    private static func checkpoint(_ ledger: String) {
        guard let connection = try? Ledger.open(ledger, create: false) else { return }
        _ = try? connection.text("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private static func linkUnderFreeName(_ path: String, base: String) throws(SystemError) -> String {
        var candidate = base
        for attempt in 2...100 {
            do {
                try FileSystem.link(path, as: candidate)
                return candidate
            } catch where error.alreadyExists {
                candidate = base + "-\(attempt)"
            }
        }
        try FileSystem.link(path, as: candidate)
        return candidate
    }

    /// `20261122T070000Z`: the instant in UTC, as a file name may hold it.
    static func compactUTC(_ instant: Instant) -> String {
        String(instant.format(offsetSeconds: 0).prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
    }

    private static func removeSideFiles(of path: String) {
        for suffix in sideFileSuffixes { FileSystem.removeFile(path + suffix) }
    }

    private static func removeWithSideFiles(_ path: String) {
        FileSystem.removeFile(path)
        removeSideFiles(of: path)
    }
}
