import MeddCore
import MeddStore
import Systemd

/// The ledger in memory, with fault injection: the daemon's commit path tested without a disk.
/// It keeps what `Ledger` keeps (events in order, watermark, stock counts, tracking instants, the journal outbox, the
/// unfinished hook runs); it
/// restores a book by replaying every event, the answer `Ledger.restore` must give with less.
final class InMemoryLedger: LedgerStore {
    private(set) var events: [(seq: Int64, event: DoseEvent)] = []
    private var watermark: Instant?
    private var stock: [String: StockCount] = [:]
    private var trackedSince: [String: Instant] = [:]
    private var unjournaled: [Int64] = []
    /// Recorded hook runs not yet ended, in the order recorded.
    private(set) var hookRuns: [HookRun] = []
    /// How many of the next commits fail, writing nothing (a full disk, say).
    var failingCommits = 0
    /// How many of the next outbox reads and deletes fail.
    var failingOutboxCalls = 0
    /// How many pages of history are read before every further read fails; nil: none fails.
    var historyPagesBeforeFailure: Int?
    private(set) var commits = 0
    private(set) var checkpointRequests = 0
    /// Called at the start of every commit, for tests that record the order of things.
    var onCommit: (([DoseEvent]) -> Void)?

    func commit(_ events: [DoseEvent], hookRuns: [HookRun] = [], state book: DoseBook) throws(LedgerError) -> [Int64] {
        onCommit?(events)
        if failingCommits > 0 {
            failingCommits -= 1
            throw LedgerError(.full, "injected failure: the disk is full")
        }
        commits += 1
        var sequence: [Int64] = []
        for event in events {
            let seq = (self.events.last?.seq ?? 0) + 1
            self.events.append((seq: seq, event: event))
            unjournaled.append(seq)
            sequence.append(seq)
        }
        self.hookRuns += hookRuns
        watermark = book.watermark
        stock = book.stock
        trackedSince = book.trackedSince
        return sequence
    }

    func restore(into book: inout DoseBook, now: Instant) throws(LedgerError) {
        book.restoreWatermark(watermark)
        book.restoreStock(stock)
        book.restoreTracking(trackedSince)
        for (_, event) in events { book.absorb(event) }
    }

    func records(_ request: HistoryRequest) throws(LedgerError) -> [DoseRecord] {
        func within(_ spans: [HistoryRequest.Span], _ medication: String, _ instant: Instant) -> Bool {
            spans.contains { ($0.medication ?? medication) == medication && $0.from <= instant && instant < $0.to }
        }
        var wanted = Set(request.doses)
        for (_, event) in events {
            let medication = event.dose.medication
            if within(request.due, medication, event.dose.scheduled) || within(request.touched, medication, event.at)
                || (event.kind == .taken && within(request.taken, medication, event.at)) {
                wanted.insert(event.dose.id)
            }
        }
        return DoseRecord.folding(events.map(\.event).filter { wanted.contains($0.dose.id) })
    }

    func adherence(since: Instant?, until: Instant?, medication: String?) throws(LedgerError) -> AdherenceReport {
        var finals = LastFinalAnswers(since: since, until: until, medication: medication)
        for (_, event) in events { finals.add(event) }
        return Adherence.report(finals: finals.answers)
    }

    func finalEvents(since: Instant?, until: Instant?, medication: String?, after: (due: Instant, id: DoseID)?,
                     limit: Int?) throws(LedgerError) -> [DoseEvent] {
        try failIfAsked()
        if let pages = historyPagesBeforeFailure {
            guard pages > 0 else { throw LedgerError(.io, "injected failure: the history cannot be read") }
            historyPagesBeforeFailure = pages - 1
        }
        var finals: [DoseID: DoseEvent] = [:]
        for (_, event) in events where event.isFinal { finals[event.dose.id] = event }
        let chosen = finals.values.filter { event in
            let due = event.dose.scheduled
            return since.map { due >= $0 } ?? true && until.map { due < $0 } ?? true && medication.map { event.dose.medication == $0 } ?? true
                && after.map { (due, event.dose.id.description) > ($0.due, $0.id.description) } ?? true
        }.sorted { ($0.dose.scheduled, $0.dose.id.description) < ($1.dose.scheduled, $1.dose.id.description) }
        return Array(chosen.prefix(limit ?? chosen.count))
    }

    func readings(from: Instant, to: Instant, measurement: String?) throws(LedgerError) -> [DoseEvent] {
        try failIfAsked()
        return events.map(\.event).filter { event in
            event.kind == .measured && event.at >= from && event.at < to && (measurement.map { event.dose.medication == $0 } ?? true)
        }.sorted { $0.at < $1.at }
    }

    func outbox(limit: Int) throws(LedgerError) -> [(seq: Int64, event: DoseEvent)] {
        try failIfAsked()
        let waiting = Set(unjournaled.prefix(limit))
        return events.filter { waiting.contains($0.seq) }
    }

    func markJournaled(_ sequence: [Int64]) throws(LedgerError) {
        try failIfAsked()
        let done = Set(sequence)
        unjournaled.removeAll { done.contains($0) }
    }

    func unfinishedHookRuns() throws(LedgerError) -> [HookRun] { hookRuns }

    func startHookRuns(_ ids: [String]) throws(LedgerError) {
        for index in hookRuns.indices where ids.contains(hookRuns[index].id) { hookRuns[index].attempts += 1 }
    }

    func endHookRuns(_ ids: [String]) throws(LedgerError) {
        hookRuns.removeAll { ids.contains($0.id) }
    }

    func checkpointIfDue() {
        checkpointRequests += 1
    }

    /// How many steps an in-memory backup takes before it is complete.
    var backupSteps = 3

    /// A backup that, on its last step, writes one line per event recorded by then (the events a
    /// daemon acknowledged before the backup's reply).
    func startBackup(to path: String) throws(LedgerError) -> any LedgerBackup {
        do {
            try FileSystem.createNew(path)
        } catch {
            throw LedgerError(.readOnly, "cannot create \(path): \(error.reason)")
        }
        return Backup(ledger: self, path: path, steps: backupSteps)
    }

    final class Backup: LedgerBackup {
        private weak var ledger: InMemoryLedger?
        private let path: String
        private var stepsLeft: Int

        init(ledger: InMemoryLedger, path: String, steps: Int) {
            self.ledger = ledger
            self.path = path
            stepsLeft = steps
        }

        func step(pages: Int) throws(LedgerError) -> LedgerBackupProgress {
            stepsLeft -= 1
            guard stepsLeft <= 0 else { return .copying(remaining: stepsLeft, total: stepsLeft + 1) }
            let events = ledger?.events ?? []
            let lines = events.map { "\($0.seq) \($0.event.kind.rawValue) \($0.event.dose.id)\n" }.joined()
            do {
                try FileSystem.replaceFile(path, with: Array(lines.utf8))
            } catch {
                throw LedgerError(.io, "cannot write \(path): \(error.reason)")
            }
            return .finished(LedgerBackupSummary(path: path, bytes: lines.utf8.count, events: events.count,
                                                 doses: Set(events.map(\.event.dose.id)).count, schema: "in-memory"))
        }

        func abandon() {
            FileSystem.removeFile(path)
        }
    }

    /// Sequence numbers still waiting for the journal.
    var outboxSequence: [Int64] { unjournaled }

    /// The recorded events of `kind` for dose `id`.
    func events(_ kind: EventKind, of id: String) -> [DoseEvent] {
        events.map(\.event).filter { $0.kind == kind && $0.dose.id.description == id }
    }

    private func failIfAsked() throws(LedgerError) {
        guard failingOutboxCalls > 0 else { return }
        failingOutboxCalls -= 1
        throw LedgerError(.io, "injected failure: the outbox cannot be read")
    }
}
