public import MeddCore

/// What the daemon needs of its durable memory. `Ledger` is the SQLite one; tests put an in-memory
/// one with fault injection in its place, so the daemon's commit path can be tested without a disk.
public protocol LedgerStore: AnyObject {
    /// Durably records `events` (possibly none) and the hook runs they call for with the book's state
    /// after them (watermark, stock, snoozes, tracking instants); returns the events' sequence numbers
    /// once they are on disk. On error nothing is kept.
    func commit(_ events: [DoseEvent], hookRuns: [HookRun], state book: DoseBook) throws(LedgerError) -> [Int64]
    /// Rebuilds `book` for a daemon starting at `now` from what was committed: its saved state and
    /// the events of the doses it must hold (`DoseBook.restore`), so that it answers as if every
    /// event had been replayed.
    func restore(into book: inout DoseBook, now: Instant) throws(LedgerError)
    /// The records of the doses `request` names, as a replay of every event would hold them.
    func records(_ request: HistoryRequest) throws(LedgerError) -> [DoseRecord]
    /// Adherence over the final answers of doses due in `[since, until)`.
    func adherence(since: Instant?, until: Instant?, medication: String?) throws(LedgerError) -> AdherenceReport
    /// A page of history: the final events of doses due in `[since, until)` after `after`, at most `limit`,
    /// oldest due first (then by ID).
    func finalEvents(since: Instant?, until: Instant?, medication: String?, after: (due: Instant, id: DoseID)?, limit: Int?) throws(LedgerError) -> [DoseEvent]
    /// The `measured` events taken in `[from, to)`, of one measurement or all, oldest first.
    func readings(from: Instant, to: Instant, measurement: String?) throws(LedgerError) -> [DoseEvent]
    /// Events not yet confirmed written to the journal, oldest first.
    func outbox(limit: Int) throws(LedgerError) -> [(seq: Int64, event: DoseEvent)]
    /// Forgets outbox entries the journal has.
    func markJournaled(_ sequence: [Int64]) throws(LedgerError)
    /// The hook runs recorded and not yet ended, in the order recorded.
    func unfinishedHookRuns() throws(LedgerError) -> [HookRun]
    /// Counts a start of each run, durably.
    func startHookRuns(_ ids: [String]) throws(LedgerError)
    /// Forgets runs that ended or will never start.
    func endHookRuns(_ ids: [String]) throws(LedgerError)
    /// Housekeeping after a commit's consequences are out (a WAL checkpoint now and then).
    func checkpointIfDue()
    /// Starts a copy of the ledger into a new file at `path` (mode 0600, never replacing a file), made
    /// a bounded part per `LedgerBackup.step` while commits go on; the step that finishes it leaves
    /// every commit made until then in the copy.
    func startBackup(to path: String) throws(LedgerError) -> any LedgerBackup
}

extension Ledger: LedgerStore {}
