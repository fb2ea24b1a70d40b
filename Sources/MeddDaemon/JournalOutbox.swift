import Logging
import MeddCore
import MeddStore
import Systemd

/// Moves committed events from the ledger's outbox into the journal, each with its original
/// `MEDD_EVENT_USEC`. When journald is away the events wait in the ledger and a retry is armed
/// (backing off to a minute); nothing is dropped.
final class JournalOutbox: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private static let firstRetryUsec: UInt64 = 1_000_000
    private static let longestRetryUsec: UInt64 = 60_000_000

    private let ledger: Ledger
    private let writer = JournalWriter()
    private let log: Logger
    private var retry: WakeTimer?
    private var retryDelayUsec = firstRetryUsec
    private var warnedUnavailable = false

    init(ledger: Ledger, loop: EventLoop, log: Logger) {
        self.ledger = ledger
        self.log = log
        retry = WakeTimer(loop: loop) { [unowned self] _ in self.flush() }
    }

    /// Writes every waiting event; on failure leaves the rest for the retry.
    func flush() {
        while true {
            let batch: [(seq: Int64, event: DoseEvent)]
            do {
                batch = try ledger.outbox()
            } catch {
                log.error("journal outbox: \(error)")
                scheduleRetry()
                return
            }
            guard !batch.isEmpty else {
                retryDelayUsec = Self.firstRetryUsec
                warnedUnavailable = false
                try? retry?.arm(atRealtimeUsec: nil)
                return
            }
            var written: [Int64] = []
            var stalled = false
            for (seq, event) in batch {
                do {
                    try writer.send(event.journalFields)
                    written.append(seq)
                } catch let error as SystemError where error.journalIsUnavailable {
                    if !warnedUnavailable {
                        log.warning("journal unavailable (\(error)); dose events wait in the ledger and are written when it returns")
                        warnedUnavailable = true
                    }
                    stalled = true
                    break
                } catch {
                    // An entry journald will never take (too large, say): drop it from the outbox, loudly.
                    log.error("journal refused the \(event.kind.rawValue) entry of \(event.dose.id): \(error)")
                    written.append(seq)
                }
            }
            do {
                try ledger.markJournaled(written)
            } catch {
                log.error("journal outbox: \(error)")
                stalled = true
            }
            if stalled {
                scheduleRetry()
                return
            }
        }
    }

    private func scheduleRetry() {
        try? retry?.arm(atRealtimeUsec: EventLoop.wallClockUsec() + retryDelayUsec)
        retryDelayUsec = min(retryDelayUsec * 2, Self.longestRetryUsec)
    }
}
