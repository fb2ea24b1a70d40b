import MeddCore
import MeddStore

/// Carries out what the dose book decides, always in the same order:
///
/// 1. one durable transaction holds the answers waiting for the group commit (in the order the book
///    absorbed them), the events just decided and the hook runs they call for — all or nothing;
/// 2. the answers are acknowledged;
/// 3. desktop, 4. journal, 5. hooks, 6. watchers, 7. `STATUS=`, 8. ledger housekeeping;
/// 9. the wake-up is re-armed, last, from what the book said last.
///
/// When the ledger refuses the transaction, nothing of it is kept or shown: the book is rebuilt from
/// the ledger, every waiting answer is refused, and the outlets arm a retry. So the book and the
/// ledger never disagree, and nothing is shown that is not on disk.
final class EffectRunner {
    /// An answer the book accepted whose events wait for the group commit, with what to do once the
    /// transaction holding them succeeded (nil) or failed.
    private struct WaitingAnswer {
        var effects: [DoseBook.Effect]
        var acknowledge: (LedgerError?) -> Void
    }

    /// What one transaction put on disk, and what is to be shown for it.
    private struct Commit {
        var events: [DoseEvent]
        var hookRuns: [HookRun]
        var sequence: [Int64]
        /// The `.alert` and `.closeAlert` effects, in order.
        var desktop: [DoseBook.Effect]
        /// The last wake-up the book asked for; nil when it asked for none (the timer stays as it is).
        var wakeUp: Instant??
    }

    private(set) var book: DoseBook
    private let ledger: any LedgerStore
    private unowned let outlets: any EffectOutlets
    private var waiting: [WaitingAnswer] = []

    init(book: DoseBook, ledger: any LedgerStore, outlets: any EffectOutlets) {
        self.book = book
        self.ledger = ledger
        self.outlets = outlets
    }

    /// Why an answer was not taken: the book refused it, or the ledger could not say what the book
    /// needed to know of the dose's past.
    enum Refusal: Error, Equatable {
        case rejected(DoseBook.Rejection)
        case unreadable(LedgerError)
    }

    /// The book as the ledger has it, for a new configuration: its saved state and the events of the
    /// doses it holds, answering as if every event had been replayed.
    static func restoredBook(_ configuration: Configuration, localZone: ZoneRules, from ledger: any LedgerStore,
                             now: Instant) throws(LedgerError) -> DoseBook {
        var book = DoseBook(configuration: configuration, localZone: localZone)
        try ledger.restore(into: &book, now: now)
        book.syncStock(now: now)
        return book
    }

    /// Brings the book up to `now`. The state is saved even when nothing happened, so after a crash
    /// the doses that came due while medd was down are known (and missed or caught up).
    func advance(to now: Instant) {
        change(at: now) { $0.advance(to: now) }
    }

    /// A change to the book that is not an answer (a reload, a new zone), carried out like time
    /// passing at `now`; `settings` are the ones the change brings, when it brings new ones. When the
    /// ledger cannot give the history the change needs, nothing changes, a retry is armed and the
    /// error is returned: the caller says so, or tries again.
    @discardableResult
    func change(at now: Instant, settings: Settings? = nil, _ decide: (inout DoseBook) -> [DoseBook.Effect]) -> LedgerError? {
        var needed = DoseBook.historyNeeded(at: now, settings: book.settings, watermark: book.watermark)
        if let settings { needed = min(needed, DoseBook.historyNeeded(at: now, settings: settings, watermark: book.watermark)) }
        do {
            try hold(book.historyRequest(coveringFrom: needed), from: needed)
        } catch {
            outlets.ledgerFailed(error, rereadFailure: nil)
            return error
        }
        run(savingState: true, decide)
        book.forgetHistory(before: DoseBook.historyNeeded(at: now, settings: book.settings, watermark: book.watermark))
        return nil
    }

    /// An answer (taken, snoozed, skipped) to `target` at `when`. A refusal is returned at once; an
    /// accepted answer is in the book now and `acknowledge` runs after the group commit
    /// (`commitWaitingAnswers`). The book first gets from the ledger the past the answer may read.
    func answer(to target: String, at when: Instant, _ decide: (inout DoseBook) -> Result<DoseBook.Outcome, DoseBook.Rejection>,
                acknowledge: @escaping (DoseBook.Outcome, LedgerError?) -> Void) -> Refusal? {
        answer(holding: book.historyRequest(forAnswer: target, at: when), { decide(&$0).map { ($0, $0.effects) } }, acknowledge: acknowledge)
    }

    /// `answer` for any change a client asks for (an import of readings): the book first holds the doses
    /// `request` names; `decide` returns what the reply reports and the effects to commit.
    func answer<Value>(holding request: HistoryRequest,
                       _ decide: (inout DoseBook) -> Result<(Value, [DoseBook.Effect]), DoseBook.Rejection>,
                       acknowledge: @escaping (Value, LedgerError?) -> Void) -> Refusal? {
        do {
            try hold(request)
        } catch {
            return .unreadable(error)
        }
        switch decide(&book) {
        case .failure(let rejection):
            return .rejected(rejection)
        case .success(let (value, effects)):
            waiting.append(WaitingAnswer(effects: effects) { acknowledge(value, $0) })
            outlets.scheduleAnswerCommit()
            return nil
        }
    }

    /// Hands the book what the ledger has of the doses `request` names; with `start`, the book then
    /// holds every dose due or touched from there.
    private func hold(_ request: HistoryRequest, from start: Instant? = nil) throws(LedgerError) {
        guard !request.isEmpty else { return }
        book.remember(try ledger.records(request), heldFrom: start)
    }

    /// The past of a range of doses, for a query reaching before what the book holds: a copy of
    /// the book that holds every dose due from `from` on.
    func bookHolding(from: Instant, to: Instant, medication: String?) throws(LedgerError) -> DoseBook {
        guard from < book.heldFrom else { return book }
        var view = book
        let span = HistoryRequest.Span(medication: medication, from: from, to: min(to, book.heldFrom))
        view.remember(try ledger.records(HistoryRequest(due: [span])))
        return view
    }

    /// The group commit: every answer accepted since the last one, in one transaction.
    func commitWaitingAnswers() {
        run(savingState: false) { _ in [] }
    }

    private func run(savingState: Bool, _ decide: (inout DoseBook) -> [DoseBook.Effect]) {
        let effects = decide(&book)
        let answers = waiting
        waiting = []
        let commit: Commit
        do {
            commit = try self.commit(answers.flatMap(\.effects) + effects, savingState: savingState)
        } catch {
            recover(from: error)
            for answer in answers { answer.acknowledge(error) }
            return
        }
        for answer in answers { answer.acknowledge(nil) }
        outlets.showOnDesktop(commit.desktop, events: commit.events, in: book)
        if !commit.events.isEmpty {
            outlets.journal(Array(zip(commit.sequence, commit.events)), in: book)
            outlets.runHooks(commit.hookRuns)
            outlets.notifyWatchers(commit.events, in: book)
            outlets.updateStatus(book)
            ledger.checkpointIfDue()
        }
        if let wakeUp = commit.wakeUp { outlets.armWakeUp(at: wakeUp) }
    }

    /// Writes the recorded events of `effects` in one transaction; throws, keeping nothing, when the
    /// ledger refuses.
    private func commit(_ effects: [DoseBook.Effect], savingState: Bool) throws(LedgerError) -> Commit {
        var commit = Commit(events: [], hookRuns: [], sequence: [], desktop: [], wakeUp: nil)
        var hooked: [DoseEvent] = []
        for effect in effects {
            switch effect {
            case .record(let event):
                commit.events.append(event)
                hooked.append(event)
            case .recordImported(let event): commit.events.append(event)
            case .alert, .closeAlert: commit.desktop.append(effect)
            case .wakeUp(let instant): commit.wakeUp = .some(instant)
            }
        }
        commit.hookRuns = book.configuration.hookRuns(for: hooked, makeID: HookRun.newID)
        if savingState || !commit.events.isEmpty {
            commit.sequence = try ledger.commit(commit.events, hookRuns: commit.hookRuns, state: book)
        }
        return commit
    }

    /// The ledger refused a commit (disk full, say): the book may hold decisions that are not on
    /// disk, so it is rebuilt from the ledger and the outlets arm a retry.
    private func recover(from error: LedgerError) {
        var rereadFailure: LedgerError?
        do {
            book = try Self.restoredBook(book.configuration, localZone: book.localZone, from: ledger, now: outlets.now())
        } catch {
            rereadFailure = error
        }
        outlets.ledgerFailed(error, rereadFailure: rereadFailure)
    }
}

/// Where `EffectRunner` sends a commit's consequences, in the order it calls them, with the book as the
/// commit left it. The daemon wires them to the desktop, the journal, hooks, the control socket and the
/// loop (`DaemonOutlets`); tests record them.
protocol EffectOutlets: AnyObject {
    /// The daemon's clock.
    func now() -> Instant
    /// An answer is waiting: run `commitWaitingAnswers` once this loop pass is done.
    func scheduleAnswerCommit()
    func showOnDesktop(_ changes: [DoseBook.Effect], events: [DoseEvent], in book: DoseBook)
    func journal(_ entries: [(seq: Int64, event: DoseEvent)], in book: DoseBook)
    /// Starts the runs just recorded (or queues them behind the running ones).
    func runHooks(_ runs: [HookRun])
    func notifyWatchers(_ events: [DoseEvent], in book: DoseBook)
    func updateStatus(_ book: DoseBook)
    func armWakeUp(at instant: Instant?)
    /// The ledger refused a transaction and the book was rebuilt from it (unless re-reading it failed
    /// too). Arms a retry of `advance`.
    func ledgerFailed(_ error: LedgerError, rereadFailure: LedgerError?)
}
