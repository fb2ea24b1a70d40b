import Logging
import MeddControl
import MeddCore
import MeddStore
import Systemd

/// Where the runner's commits leave the daemon, in the order `EffectRunner` calls these: the desktop,
/// the journal (through the outbox), the hooks, the socket's watchers, the service manager's `STATUS=`
/// and the wake-up timer. Every part is built by the daemon and handed over complete.
final class DaemonOutlets: EffectOutlets {
    /// How long to wait before trying again when the ledger refused a commit.
    private static let ledgerRetryUsec: UInt64 = 5_000_000

    /// The loop's parts a commit reaches, and the timers that bring the daemon back to its runner.
    struct Parts {
        var outbox: JournalOutbox
        var hooks: HookRunner
        var server: ControlServer
        var desktop: DesktopNotifier?
        /// Fires at the instant the book asked to be woken at.
        var wake: WakeTimer
        /// Fires a while after the ledger refused a commit.
        var retryAfterFailure: WakeTimer
        /// Runs the group commit once the loop pass that accepted an answer is done.
        var answerCommit: DeferredTask
    }

    private let parts: Parts
    private let clock: DaemonClock
    private let log: Logger
    private let echoEvents: Bool
    private var lastStatus = ""

    init(_ parts: Parts, clock: DaemonClock, log: Logger, echoEvents: Bool) {
        self.parts = parts
        self.clock = clock
        self.log = log
        self.echoEvents = echoEvents
    }

    /// Tells the service manager medd is ready, with its first status line.
    func ready(_ book: DoseBook) {
        lastStatus = statusLine(book)
        Notifier.ready(status: lastStatus)
    }

    /// `next dose ID at TIME; N pending, M snoozed`: the service manager's `STATUS=`.
    func statusLine(_ book: DoseBook) -> String {
        let next = book.nextDose(after: clock.now()).map { "next dose \($0.id) at \($0.scheduledText)" } ?? "no dose planned"
        return "\(next); \(book.count(of: .pending)) pending, \(book.count(of: .snoozed)) snoozed"
    }

    func now() -> Instant { clock.now() }

    func scheduleAnswerCommit() { parts.answerCommit.schedule() }

    func showOnDesktop(_ changes: [DoseBook.Effect], events: [DoseEvent], in book: DoseBook) {
        guard let desktop = parts.desktop else { return }
        for change in changes {
            switch change {
            case .alert(let alert): desktop.show(alert)
            case .closeAlert(let id): desktop.close(id)
            case .record, .recordImported, .wakeUp: break
            }
        }
        for event in events {
            if event.kind.isNotice {
                desktop.showNotice(event)
            } else if event.kind == .refilled, let level = event.refill?.stock,
                      book.configuration.medication(event.dose.medication).map({ !$0.isLow(level) }) ?? false {
                desktop.withdrawStockNotice(of: event.dose.medication)
            }
        }
    }

    func journal(_ entries: [(seq: Int64, event: DoseEvent)], in book: DoseBook) {
        if echoEvents {
            for (_, event) in entries {
                let message = event.journalMessage(person: book.configuration.person(ofMedication: event.dose.medication))
                StandardErrorDestination.write("medd: \(event.kind.rawValue): \(message)")
            }
        }
        parts.outbox.enqueue(entries)
        parts.outbox.flush()
    }

    func runHooks(_ runs: [HookRun]) { parts.hooks.run(runs) }

    func notifyWatchers(_ events: [DoseEvent], in book: DoseBook) {
        guard parts.server.watcherCount > 0 else { return }
        for event in events {
            // A refill's dose names only the medication and its minute, which a dose may share.
            let record = event.kind == .refilled ? DoseRecord(dose: event.dose) : book.records[event.dose.id] ?? DoseRecord(dose: event.dose)
            var parameters: [String: JSONValue] = [
                "event": .string(event.kind.rawValue),
                "at": .string(event.at.format(offsetSeconds: event.dose.utcOffset)),
                "dose": record.varlinkValue(in: book.configuration),
            ]
            if let reading = event.readingValue(person: book.configuration.person(ofMedication: event.dose.medication)?.id) {
                parameters["reading"] = reading
            }
            if let refill = event.refill {
                parameters["amount"] = .decimal(refill.amount)
                parameters["stock"] = .decimal(refill.stock)
            }
            parts.server.broadcast(VarlinkReply.parameters(parameters, continues: true))
        }
    }

    /// Sends `STATUS=` to the service manager when the line changed.
    func updateStatus(_ book: DoseBook) {
        let line = statusLine(book)
        guard line != lastStatus else { return }
        lastStatus = line
        Notifier.status(line)
    }

    func armWakeUp(at instant: Instant?) {
        do {
            try parts.wake.arm(atRealtimeUsec: instant.map { clock.realUsec(of: $0) })
        } catch {
            log.critical("cannot arm the wake-up timer: \(error)")
        }
    }

    func ledgerFailed(_ error: LedgerError, rereadFailure: LedgerError?) {
        log.critical("ledger: \(error); retrying in \(Self.ledgerRetryUsec / 1_000_000) s — answers are refused until it works")
        if let rereadFailure { log.critical("ledger: cannot re-read it either: \(rereadFailure)") }
        try? parts.retryAfterFailure.arm(atRealtimeUsec: EventLoop.wallClockUsec() + Self.ledgerRetryUsec)
    }
}
