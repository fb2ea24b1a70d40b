import Logging
import MeddControl
import MeddStore
import Systemd

/// The backups medd writes on request (`Backup`): each a copy of the ledger in the `backups` folder
/// of the state directory — the one place the unit's sandbox lets medd write — made a bounded number
/// of pages per loop turn, so answers go on being taken and acknowledged while it is copied.
///
/// A copy is stepped from an idle-priority deferred task, after everything else ready in that turn
/// (answers, their group commit); the step that finishes it replies, in that same turn, so every
/// answer acknowledged before the reply is in the copy. A finished copy stays until the client's
/// connection closes (it copies the file out first, and may remove it itself); copies no connection
/// claims — a client killed mid-copy, an earlier medd — are removed at start-up and before each backup.
final class LedgerBackups: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    /// 256 KiB of 4 KiB pages: under a millisecond per turn (docs/benchmarks.md), about a commit's time.
    static let defaultPagesPerStep = 64
    static let folderName = "backups"
    /// Every copy's name starts with this; nothing else in the folder is ever removed.
    static let namePrefix = "backup-"
    /// A step that finds the ledger locked elsewhere is retried this much later…
    static let busyRetryUsec: UInt64 = 10_000
    /// …up to this many times in a row (5 s) before the backup fails.
    static let busyStepLimit = 500

    /// One copy, being written (`copy` set) or handed out and waiting for its client to leave.
    private struct Entry {
        weak var connection: ControlConnection?
        var copy: (any LedgerBackup)?
        var steps = 0
        var busySteps = 0
        /// The longest time one step before the last held the loop, for the log.
        var longestStepUsec: UInt64 = 0
    }

    let folder: String
    private let ledger: any LedgerStore
    private let pagesPerStep: Int
    private let log: Logger
    private var entries: [String: Entry] = [:]
    private var sequence = 0
    private var stepTask: DeferredTask?
    private var busyRetry: WakeTimer?

    init(folder: String, ledger: any LedgerStore, loop: EventLoop, pagesPerStep: Int, log: Logger) throws(SystemError) {
        self.folder = folder
        self.ledger = ledger
        self.pagesPerStep = pagesPerStep
        self.log = log
        stepTask = try DeferredTask(loop: loop) { [unowned self] in self.stepAll() }
        busyRetry = WakeTimer(loop: loop) { [unowned self] _ in self.stepAll() }
    }

    /// Removes the copies no connection claims (all of them at start-up).
    func removeStale() {
        guard let names = try? FileSystem.names(in: folder) else { return }
        for name in names where name.hasPrefix(Self.namePrefix) {
            let path = folder + "/" + name
            let copy = path.hasSuffix("-journal") ? String(path.dropLast("-journal".count)) : path
            guard entries[copy] == nil else { continue }
            FileSystem.removeFile(path)
            log.info("removed the stale backup copy \(path)")
        }
    }

    /// Starts a copy for `connection`'s `Backup` call: `.deferred` (the reply comes when the copy is
    /// complete), or the error when it cannot start.
    func start(for connection: ControlConnection) -> ControlConnection.Response {
        removeStale()
        let path: String
        let copy: any LedgerBackup
        do {
            try FileSystem.createDirectories(folder, mode: 0o700)
        } catch {
            return .reply(VarlinkReply.error(Self.failed("cannot create \(folder): \(error.reason)")))
        }
        sequence += 1
        path = "\(folder)/\(Self.namePrefix)\(EventLoop.wallClockUsec())-\(sequence).sqlite"
        do {
            copy = try ledger.startBackup(to: path)
        } catch {
            log.error("backup refused: \(error)")
            return .reply(VarlinkReply.error(Self.failed(error.message)))
        }
        entries[path] = Entry(connection: connection, copy: copy)
        connection.whenClosed { [weak self] in self?.release(path) }
        stepTask?.schedule()
        return .deferred
    }

    /// One step of every copy being written; the loop runs again before the next.
    private func stepAll() {
        var progressed = false
        var waiting = false
        for (path, entry) in entries {
            guard let copy = entry.copy else { continue }
            entries[path]?.steps += 1
            entry.connection?.noteActivity()
            let began = EventLoop.monotonicUsec()
            do {
                switch try copy.step(pages: pagesPerStep) {
                case .copying:
                    let took = EventLoop.monotonicUsec() - began
                    if took > entries[path]?.longestStepUsec ?? took { entries[path]?.longestStepUsec = took }
                    progressed = true
                    entries[path]?.busySteps = 0
                case .busy:
                    waiting = true
                    entries[path]?.busySteps += 1
                    if entry.busySteps + 1 >= Self.busyStepLimit {
                        copy.abandon()
                        fail(path, "the ledger stayed locked by another process for 5 s")
                    }
                case .finished(let summary):
                    finish(path, summary, lastStepUsec: EventLoop.monotonicUsec() - began)
                }
            } catch {
                fail(path, error.message)
            }
        }
        if progressed {
            stepTask?.schedule()
        } else if waiting {
            try? busyRetry?.arm(atRealtimeUsec: EventLoop.wallClockUsec() + Self.busyRetryUsec)
        }
    }

    private func finish(_ path: String, _ summary: LedgerBackupSummary, lastStepUsec: UInt64) {
        entries[path]?.copy = nil
        let steps = entries[path]?.steps ?? 0
        let longest = entries[path]?.longestStepUsec ?? 0
        log.info("backup written: \(path), \(summary.bytes) bytes, \(summary.events) events, \(summary.doses) doses, in \(steps) steps (each held the loop at most \(longest) µs, the last, which syncs the copy, \(lastStepUsec) µs)")
        entries[path]?.connection?.deliver(VarlinkReply.parameters([
            "file": .string(summary.path),
            "bytes": .integer(summary.bytes),
            "events": .integer(summary.events),
            "doses": .integer(summary.doses),
            "schema": .string(summary.schema),
        ]))
    }

    private func fail(_ path: String, _ message: String) {
        log.error("backup failed: \(message)")
        let connection = entries[path]?.connection
        entries[path] = nil
        FileSystem.removeFile(path)
        connection?.deliver(VarlinkReply.error(Self.failed(message)))
    }

    /// The client is gone: a copy still being written is abandoned, a finished one removed.
    private func release(_ path: String) {
        guard let entry = entries.removeValue(forKey: path) else { return }
        entry.copy?.abandon()
        FileSystem.removeFile(path)
    }

    private static func failed(_ message: String) -> VarlinkError {
        .control("BackupFailed", ["message": .string(message)])
    }
}
