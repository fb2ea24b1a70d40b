@testable import MeddDaemon
import MeddCore
import MeddStore

/// Outlets that record what the effect runner asks of them, in order, with a hand-moved clock.
final class RecordingOutlets: EffectOutlets {
    enum Step: Hashable {
        case commit([String])
        case acknowledge(String, failed: Bool)
        case desktop([String])
        case journal([String])
        case hooks([String])
        case watchers([String])
        case status
        case wakeUp(Instant?)
        case ledgerFailed
        case answerCommitScheduled
    }

    var clock: Instant
    private(set) var steps: [Step] = []
    /// Every event journaled, in order: what a person would see in `journalctl`.
    private(set) var journaled: [DoseEvent] = []

    init(now: Instant) {
        clock = now
    }

    /// Starts recording the ledger's commits as steps too.
    func watch(_ ledger: InMemoryLedger) {
        ledger.onCommit = { [unowned self] events in self.steps.append(.commit(Self.names(events))) }
    }

    func record(_ step: Step) { steps.append(step) }

    func forgetSteps() { steps = [] }

    func now() -> Instant { clock }
    func scheduleAnswerCommit() { steps.append(.answerCommitScheduled) }
    func showOnDesktop(_ changes: [DoseBook.Effect], events: [DoseEvent], in book: DoseBook) {
        guard !changes.isEmpty else { return }
        steps.append(.desktop(changes.map { change in
            switch change {
            case .alert(let alert): "alert \(alert.dose.id)"
            case .closeAlert(let id): "close \(id)"
            case .record, .recordImported, .wakeUp: "?"
            }
        }))
    }
    func journal(_ entries: [(seq: Int64, event: DoseEvent)], in book: DoseBook) {
        journaled += entries.map(\.event)
        steps.append(.journal(Self.names(entries.map(\.event))))
    }
    func runHooks(_ runs: [HookRun]) { steps.append(.hooks(Self.names(runs.map(\.event)))) }
    func notifyWatchers(_ events: [DoseEvent], in book: DoseBook) { steps.append(.watchers(Self.names(events))) }
    func updateStatus(_ book: DoseBook) { steps.append(.status) }
    func armWakeUp(at instant: Instant?) { steps.append(.wakeUp(instant)) }
    func ledgerFailed(_ error: LedgerError, rereadFailure: LedgerError?) { steps.append(.ledgerFailed) }

    /// `fired metformin_20261122_08_00`, one per event.
    static func names(_ events: [DoseEvent]) -> [String] {
        events.map { "\($0.kind.rawValue) \($0.dose.id)" }
    }

    /// How often `kind` was journaled for dose `id`.
    func journaledCount(_ kind: EventKind, _ id: String) -> Int {
        journaled.filter { $0.kind == kind && $0.dose.id.description == id }.count
    }
}
