import Logging
import MeddCore
import MeddStore
import Systemd

/// Moves committed events from the ledger's outbox into the journal, each with its original
/// `MEDD_EVENT_USEC`. Sends never block the loop: when journald's queue is full the flush resumes
/// once its socket is writable; when journald is away the events wait in the ledger and a retry is
/// armed (backing off to a minute). Nothing is dropped.
final class JournalOutbox: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private static let firstRetryUsec: UInt64 = 1_000_000
    private static let longestRetryUsec: UInt64 = 60_000_000
    /// Outbox entries read from the ledger at a time.
    private static let batchSize = 256

    private let ledger: any LedgerStore
    private let journal: JournalSocket
    private let loop: EventLoop
    private let log: Logger
    /// An event's journal fields as the running configuration names them (whom it is for, how urgent).
    private let fields: (DoseEvent) -> [(String, String)]
    /// Watches the journal socket for room while a flush waits on a full queue.
    private var writable: LoopSource?
    /// What is to be sent, in sequence order: handed over at commit, or read from the ledger's outbox.
    private var unsent: ArraySlice<(seq: Int64, event: DoseEvent)> = []
    /// The ledger's outbox may hold entries that are not in `unsent` (at start, after journald was
    /// away): read it before taking entries from commits.
    private var backlog = true
    /// Sequence numbers journald has, not yet deleted from the outbox.
    private var written: [Int64] = []
    private var retry: WakeTimer?
    private var retryDelayUsec = firstRetryUsec
    private var warnedUnavailable = false

    init(ledger: any LedgerStore, loop: EventLoop, log: Logger, journal: JournalSocket = JournalSocket(),
         fields: @escaping (DoseEvent) -> [(String, String)]) {
        self.ledger = ledger
        self.fields = fields
        self.journal = journal
        self.loop = loop
        self.log = log
        retry = WakeTimer(loop: loop) { [unowned self] _ in self.flush() }
    }

    /// Takes just-committed events, so the usual flush needs no read of the ledger.
    func enqueue(_ entries: [(seq: Int64, event: DoseEvent)]) {
        guard !backlog else { return }  // they are in the outbox table, read in order later
        unsent.append(contentsOf: entries)
    }

    /// Writes every waiting event; on failure leaves the rest for the retry.
    func flush() {
        // Any flush re-evaluates; a send may reconnect, so no watch may outlive the descriptor it names.
        writable?.cancel()
        writable = nil
        while true {
            if unsent.isEmpty, backlog {
                do {
                    unsent = try ledger.outbox(limit: Self.batchSize)[...]
                } catch {
                    log.error("journal outbox: \(error)")
                    scheduleRetry()
                    return
                }
                // An empty read means the table is drained; from now on commits hand their events over.
                if unsent.isEmpty { backlog = false }
            }
            if unsent.isEmpty {
                retryDelayUsec = Self.firstRetryUsec
                warnedUnavailable = false
                try? retry?.arm(atRealtimeUsec: nil)
                return
            }
            switch sendUnsent() {
            case .done:
                guard forgetWritten() else {
                    // The ledger would not record the deletes: stop instead of re-sending the batch in a loop.
                    backlog = true
                    scheduleRetry()
                    return
                }
            case .blocked:
                // Resumed from the batch in memory when journald has room: no re-read, no commit per
                // queue-full of entries. What is written but not yet forgotten is only sent again
                // after a crash.
                resumeWhenWritable()
                return
            case .stalled:
                _ = forgetWritten()
                unsent = []
                backlog = true
                scheduleRetry()
                return
            }
        }
    }

    private enum Progress { case done, blocked, stalled }

    /// Sends from `unsent` until it is empty or journald cannot take more.
    private func sendUnsent() -> Progress {
        while let (seq, event) = unsent.first {
            switch journal.send(fields(event)) {
            case .sent:
                written.append(seq)
            case .wouldBlock:
                return .blocked
            case .unavailable(let error):
                if !warnedUnavailable {
                    log.warning("journal unavailable (\(error)); dose events wait in the ledger and are written when it returns")
                    warnedUnavailable = true
                }
                return .stalled
            case .refused(let reason):
                // An entry journald will never take: drop it from the outbox, loudly.
                log.error("journal refused the \(event.kind.rawValue) entry of \(event.dose.id): \(reason)")
                written.append(seq)
            }
            unsent = unsent.dropFirst()
        }
        return .done
    }

    /// Deletes the written entries from the outbox (one non-durable transaction); false when the
    /// ledger refused (they stay, and are sent again later).
    private func forgetWritten() -> Bool {
        defer { written = [] }
        do {
            try ledger.markJournaled(written)
            return true
        } catch {
            log.error("journal outbox: \(error)")
            return false
        }
    }

    private func resumeWhenWritable() {
        do {
            writable = try loop.addIO(descriptor: journal.descriptor, events: .writable) { [unowned self] _ in self.flush() }
        } catch {
            log.error("journal outbox: cannot watch the journal socket: \(error)")
            scheduleRetry()
        }
    }

    private func scheduleRetry() {
        try? retry?.arm(atRealtimeUsec: EventLoop.wallClockUsec() + retryDelayUsec)
        retryDelayUsec = min(retryDelayUsec * 2, Self.longestRetryUsec)
    }
}
