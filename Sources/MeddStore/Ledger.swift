public import MeddCore
import SQLite
import Systemd

/// The daemon's durable memory: every dose event, the current state of each dose, snoozes,
/// stock counts, when each medication was first tracked, the journal outbox and the hook runs not yet
/// ended, in one SQLite
/// file (WAL, `synchronous=FULL`).
///
/// `commit` returns only once the transaction is on disk, so whatever is acknowledged after it
/// survives a crash or power loss. One thread at a time uses a ledger (the daemon's loop thread).
public final class Ledger {
    public static let fileName = "ledger.sqlite"

    public let path: String
    private let connection: SQLiteConnection
    private let lock: LedgerLock

    /// Opens (creating if needed) the ledger in `directory`, taking its lock.
    public init(directory: String) throws(LedgerError) {
        do {
            try FileSystem.createDirectories(directory, mode: 0o700)
        } catch {
            throw LedgerError(.readOnly, "cannot create the state directory \(directory): \(error.reason)")
        }
        lock = try LedgerLock(directory: directory)
        path = directory + "/" + Self.fileName
        checkpointer = LedgerCheckpointer(path: path)
        do {
            connection = try Self.open(path)
        } catch {
            throw LedgerError.from(error, path: path, doing: "open the ledger")
        }
        try migrate()
    }

    /// A connection with the ledger's settings: durable commits, checkpoints only when medd asks
    /// (`checkpointIfDue`, after answers are acknowledged, never inside a commit), foreign keys checked.
    static func open(_ path: String, create: Bool = true) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, create: create)
        try connection.execute("PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; PRAGMA foreign_keys = ON")
        return connection
    }

    private func migrate() throws(LedgerError) {
        let journalMode: String?
        let outcome: LedgerSchema.Outcome
        do {
            journalMode = try connection.text("PRAGMA journal_mode = WAL")
            outcome = journalMode == "wal" ? try LedgerSchema.migrate(connection) : .migrated
        } catch {
            throw LedgerError.from(error, path: path, doing: "prepare the ledger")
        }
        guard journalMode == "wal" else {
            throw LedgerError(.io, "\(path): SQLite refused write-ahead logging")
        }
        if case .newer(let unknown) = outcome {
            throw LedgerError(.newerSchema, "\(path) was written by a newer medd (unknown schema versions: \(unknown.joined(separator: ", "))); medd left it untouched. Run the newer medd, or move the file aside")
        }
    }

    /// Commits since the last checkpoint; a counter, not a size, because it is cheap to keep.
    private var commitsSinceCheckpoint = 0
    /// About SQLite's default of 1,000 WAL pages: a few pages per commit.
    static let commitsPerCheckpoint = 250

    let checkpointer: LedgerCheckpointer

    /// Starts a background checkpoint every `commitsPerCheckpoint` commits (PASSIVE: never waits
    /// for readers; on its own connection and thread, so it never holds up a commit).
    public func checkpointIfDue() {
        guard takeCheckpointTurn() else { return }
        checkpointer.start()
    }

    private func takeCheckpointTurn() -> Bool {
        guard commitsSinceCheckpoint >= Self.commitsPerCheckpoint else { return false }
        commitsSinceCheckpoint = 0
        return true
    }

    /// Durably records events (possibly none) and the hook runs they call for (each run's event is one
    /// of `events`) with the book's state after them. Returns the events' sequence numbers; when it
    /// returns, the events and runs are on disk.
    @discardableResult
    public func commit(_ events: [DoseEvent], hookRuns: [HookRun] = [], state book: DoseBook) throws(LedgerError) -> [Int64] {
        let sequence: [Int64]
        do {
            try restoreFullSync()
            sequence = try connection.transaction { () throws(SQLiteError) -> [Int64] in
                var sequence: [Int64] = []
                for event in events {
                    let seq = try EventRow.insert(event, into: connection)
                    sequence.append(seq)
                    try updateDose(for: event, seq: seq)
                    try connection.run("INSERT INTO outbox (seq) VALUES (?)", [.integer(seq)], keep: true)
                }
                try insert(hookRuns, sequence: Dictionary(zip(events, sequence)) { first, _ in first })
                try saveState(of: book)
                return sequence
            }
            committedTracking = book.trackedSince
        } catch {
            throw LedgerError.from(error, path: path, doing: "record \(events.count) event(s)")
        }
        commitsSinceCheckpoint += 1
        // A user that never calls `checkpointIfDue` (tools, tests) still keeps the WAL bounded. The
        // events are on disk already: a failed checkpoint only leaves the WAL longer.
        if commitsSinceCheckpoint >= 4 * Self.commitsPerCheckpoint, takeCheckpointTurn() {
            try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
        return sequence
    }

    /// Set while `synchronous` may be NORMAL: from `markJournaled` lowering it until it is FULL
    /// again. If putting it back failed there, the next durable commit does it first.
    private var synchronousLowered = false

    /// The tracking instants this ledger last committed: a commit writes only those that changed,
    /// which happens when the book first meets a medication.
    private var committedTracking: [String: Instant] = [:]

    private func restoreFullSync() throws(SQLiteError) {
        guard synchronousLowered else { return }
        try connection.rollBackLeftoverTransaction()
        try connection.execute("PRAGMA synchronous = FULL")
        synchronousLowered = false
    }

    private func insert(_ runs: [HookRun], sequence: [DoseEvent: Int64]) throws(SQLiteError) {
        for run in runs {
            guard let seq = sequence[run.event] else { preconditionFailure("a hook run's event is not in its commit") }
            let placeholders = Array(repeating: "?", count: run.hook.exec.count).joined(separator: ", ")
            try connection.run("INSERT INTO hook_run (id, seq, exec, timeout_seconds, attempts) VALUES (?, ?, json_array(\(placeholders)), ?, ?)",
                               [.text(run.id), .integer(seq)] + run.hook.exec.map { .text($0) }
                                   + [.integer(run.hook.timeout.seconds), .integer(Int64(run.attempts))])
        }
    }

    private func updateDose(for event: DoseEvent, seq: Int64) throws(SQLiteError) {
        guard !event.kind.isAboutMedication, event.kind != .replaced else { return }
        let state = event.isFinal ? (event.kind == .measured ? DoseState.measured.rawValue : event.kind.rawValue)
            : (event.kind == .snoozed ? "snoozed" : "pending")
        // An alert after a final answer cannot happen in the book; the ledger keeps the final state
        // regardless: a non-final event never overwrites a row whose final_seq is set, and neither does a
        // reading (one more reading of a reminder answered already changes nothing, as in the book).
        try connection.run("""
            INSERT INTO dose (id, medication, scheduled_usec, state, last_seq, final_seq, measurement) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET state = excluded.state, last_seq = excluded.last_seq, final_seq = excluded.final_seq
            WHERE dose.final_seq IS NULL OR (excluded.final_seq IS NOT NULL AND excluded.state != 'measured')
            """, [.text(event.dose.id.description), .text(event.dose.medication), .integer(event.dose.scheduled.usec),
                  .text(state), .integer(seq), SQLiteValue(event.isFinal ? seq : nil), SQLiteValue(event.dose.measurement?.rawValue)],
            keep: true)
    }

    private func saveState(of book: DoseBook) throws(SQLiteError) {
        try connection.run("DELETE FROM snooze", keep: true)
        for (snoozeID, doseID) in book.snoozes {
            guard let until = book.records[doseID]?.snoozeUntil else { continue }
            try connection.run("INSERT INTO snooze (snooze_id, dose_id, until_usec) VALUES (?, ?, ?)",
                               [.text(snoozeID.description), .text(doseID.description), .integer(until.usec)], keep: true)
        }
        for (medication, count) in book.stock {
            try connection.run("""
                INSERT INTO stock (medication, configured, since_usec, level) VALUES (?, ?, ?, ?)
                ON CONFLICT(medication) DO UPDATE SET configured = excluded.configured, since_usec = excluded.since_usec, level = excluded.level
                """, [.text(medication), .integer(count.configured.thousandths), .integer(count.since.usec), .integer(count.level.thousandths)],
                keep: true)
        }
        for (medication, since) in book.trackedSince where committedTracking[medication] != since {
            try connection.run("""
                INSERT INTO tracked (medication, since_usec) VALUES (?, ?)
                ON CONFLICT(medication) DO UPDATE SET since_usec = excluded.since_usec
                """, [.text(medication), .integer(since.usec)], keep: true)
        }
        if let watermark = book.watermark {
            try connection.run("INSERT INTO meta (key, value) VALUES ('watermark', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                               [.integer(watermark.usec)], keep: true)
        }
    }

    /// Rebuilds a book from the ledger for a daemon starting at `now`: the saved watermark, stock
    /// levels, snooze slots and tracking instants, every expiry event, and the events of the doses
    /// it must hold — open, due or touched from `DoseBook.historyNeeded` on (from the saved watermark
    /// when medd was down longer than the horizon). Older final doses stay in the ledger (`records`).
    public func restore(into book: inout DoseBook, now: Instant) throws(LedgerError) {
        let settings = book.settings
        let saved = try read("read the ledger") { () throws(SQLiteError) -> SavedBook in
            let savedWatermark = try self.watermark()
            let heldFrom = DoseBook.historyNeeded(at: now, settings: settings, watermark: savedWatermark)
            var counts: [String: StockCount] = [:]
            try connection.forEachRow("SELECT medication, configured, since_usec, level FROM stock") { row in
                var count = StockCount(configured: Quantity(thousandths: row.integer(1)), since: Instant(usec: row.integer(2)))
                count.level = Quantity(thousandths: row.integer(3))
                counts[row.text(0)] = count
            }
            var snoozes: [SnoozeID: DoseID] = [:]
            try connection.forEachRow("SELECT dose_id FROM snooze") { row in
                if let id = DoseID(parsing: row.text(0)) { snoozes[id.snoozeID] = id }
            }
            let events = try decodeEvents(Self.heldEventsQuery, [.integer(heldFrom.usec), .integer(heldFrom.usec)])
            return SavedBook(watermark: savedWatermark, stock: counts, snoozes: snoozes, events: events, heldFrom: heldFrom,
                             trackedSince: try trackedSince(), expiryEvents: try decodeEvents(Self.expiryEventsQuery))
        }
        book.restore(saved)
    }

    private func watermark() throws(SQLiteError) -> Instant? {
        try connection.integer("SELECT value FROM meta WHERE key = 'watermark'").map(Instant.init(usec:))
    }

    private func trackedSince() throws(SQLiteError) -> [String: Instant] {
        var tracked: [String: Instant] = [:]
        try connection.forEachRow("SELECT medication, since_usec FROM tracked") { tracked[$0.text(0)] = Instant(usec: $0.integer(1)) }
        return tracked
    }

    /// Every expiry event, in recording order, through the partial index `event_expiry`.
    static let expiryEventsQuery = "SELECT \(EventRow.selection) FROM event e WHERE kind IN ('expiring', 'expired') ORDER BY e.seq"

    /// The events of the doses a book restored from `?` (twice) holds, in recording order. The
    /// CROSS JOIN keeps SQLite from scanning every event: it looks up each held dose's events.
    static let heldEventsQuery = """
        WITH held(id) AS (
            SELECT id FROM dose WHERE final_seq IS NULL
            UNION SELECT id FROM dose WHERE scheduled_usec >= ?
            UNION SELECT dose_id FROM event WHERE at_usec >= ?
        )
        SELECT \(EventRow.selection) FROM held CROSS JOIN event e ON e.dose_id = held.id ORDER BY e.seq
        """

    /// Rebuilds a book the way medd did before start-up read only what it holds: the saved watermark
    /// and stock counts, then every event ever recorded. Tests compare `restore` against it.
    func replayEverything(into book: inout DoseBook) throws(LedgerError) {
        let (savedWatermark, counts, tracked) = try read("read the ledger") {
            () throws(SQLiteError) -> (Instant?, [String: StockCount], [String: Instant]) in
            var counts: [String: StockCount] = [:]
            try connection.forEachRow("SELECT medication, configured, since_usec FROM stock") { row in
                counts[row.text(0)] = StockCount(configured: Quantity(thousandths: row.integer(1)), since: Instant(usec: row.integer(2)))
            }
            return (try self.watermark(), counts, try self.trackedSince())
        }
        book.restoreWatermark(savedWatermark)
        book.restoreStock(counts)
        book.restoreTracking(tracked)
        for event in try allEvents() { book.absorb(event) }
    }

    /// The records of the doses `request` names, each folded from its own events: what the book
    /// needs of doses older than it holds. Final records are exactly what a full replay holds.
    public func records(_ request: HistoryRequest) throws(LedgerError) -> [DoseRecord] {
        guard !request.isEmpty else { return [] }
        let (sql, values) = Self.recordsQuery(request)
        let events = try read("read dose history") { () throws(SQLiteError) in try decodeEvents(sql, values) }
        return DoseRecord.folding(events)
    }

    static func recordsQuery(_ request: HistoryRequest) -> (String, [SQLiteValue]) {
        var parts: [String] = []
        var values: [SQLiteValue] = []
        if !request.doses.isEmpty {
            parts.append("SELECT id FROM dose WHERE id IN (\(request.doses.map { _ in "?" }.joined(separator: ", ")))")
            values += request.doses.map { .text($0.description) }
        }
        func add(_ spans: [HistoryRequest.Span], _ select: String, _ column: String, kind: String? = nil) {
            for span in spans {
                var conditions = ["\(column) >= ?", "\(column) < ?"]
                var spanValues: [SQLiteValue] = [.integer(span.from.usec), .integer(span.to.usec)]
                if let kind { conditions.insert("kind = ?", at: 0); spanValues.insert(.text(kind), at: 0) }
                if let medication = span.medication { conditions.insert("medication = ?", at: 0); spanValues.insert(.text(medication), at: 0) }
                parts.append("\(select) WHERE \(conditions.joined(separator: " AND "))")
                values += spanValues
            }
        }
        add(request.due, "SELECT id FROM dose", "scheduled_usec")
        add(request.taken, "SELECT dose_id FROM event", "at_usec", kind: EventKind.taken.rawValue)
        add(request.touched, "SELECT dose_id FROM event", "at_usec")
        let sql = """
            WITH wanted(id) AS (\(parts.joined(separator: " UNION ")))
            SELECT \(EventRow.selection) FROM wanted CROSS JOIN event e ON e.dose_id = wanted.id ORDER BY e.seq
            """
        return (sql, values)
    }

    /// Every event in the order it was recorded.
    public func allEvents() throws(LedgerError) -> [DoseEvent] {
        try read("read events") { () throws(SQLiteError) in try decodeEvents("SELECT \(EventRow.selection) FROM event e ORDER BY e.seq") }
    }

    /// The final event of each dose due in `[since, until)`, oldest due first (then by ID): history. With
    /// `after` (the due instant and ID of the last one read) and `limit`, one page of it, so that years of
    /// history are read a page at a time.
    public func finalEvents(since: Instant? = nil, until: Instant? = nil, medication: String? = nil,
                            after: (due: Instant, id: DoseID)? = nil, limit: Int? = nil) throws(LedgerError) -> [DoseEvent] {
        // A page starts at its first due instant, as its one lower bound: given `since` as well, SQLite
        // seeks to `since` and walks every page before this one again.
        let start = [since, after?.due].compactMap { $0 }.max()
        var (condition, values) = Self.finalCondition(since: start, until: until, medication: medication)
        if let after {
            condition += " AND (d.scheduled_usec > ? OR d.id > ?)"
            values += [.integer(after.due.usec), .text(after.id.description)]
        }
        let page = limit.map { " LIMIT \($0)" } ?? ""
        return try read("read history") { () throws(SQLiteError) in
            try decodeEvents("SELECT \(EventRow.selection) FROM dose d JOIN event e ON e.seq = d.final_seq WHERE \(condition) ORDER BY d.scheduled_usec, d.id\(page)",
                             values)
        }
    }

    public func readings(from: Instant, to: Instant, measurement: String? = nil) throws(LedgerError) -> [DoseEvent] {
        var sql = "SELECT \(EventRow.selection) FROM event e WHERE e.kind = 'measured' AND e.at_usec >= ? AND e.at_usec < ? AND e.value IS NOT NULL"
        var values: [SQLiteValue] = [.integer(from.usec), .integer(to.usec)]
        if let measurement {
            sql += " AND e.medication = ?"
            values.append(.text(measurement))
        }
        return try read("read readings") { () throws(SQLiteError) in try decodeEvents(sql + " ORDER BY e.at_usec, e.seq", values) }
    }

    /// Adherence over doses due in `[since, until)`, tallied straight from the index.
    public func adherence(since: Instant? = nil, until: Instant? = nil, medication: String? = nil) throws(LedgerError) -> AdherenceReport {
        let (condition, values) = Self.finalCondition(since: since, until: until, medication: medication)
        let sql = """
            SELECT d.medication, e.kind, d.scheduled_usec, e.at_usec FROM dose d JOIN event e ON e.seq = d.final_seq
            WHERE \(condition) AND d.measurement IS NULL
            """
        return try read("compute adherence") { () throws(SQLiteError) -> AdherenceReport in
            var answers: [FinalAnswer] = []
            try connection.forEachRow(sql, values) { row in
                guard let kind = EventKind(rawValue: row.text(1)) else { return }
                answers.append(FinalAnswer(medication: row.text(0), kind: kind, scheduled: Instant(usec: row.integer(2)),
                                           at: Instant(usec: row.integer(3))))
            }
            return Adherence.report(finals: answers)
        }
    }

    private static func finalCondition(since: Instant?, until: Instant?, medication: String?) -> (String, [SQLiteValue]) {
        var conditions = ["d.final_seq IS NOT NULL"]
        var values: [SQLiteValue] = []
        if let since { conditions.append("d.scheduled_usec >= ?"); values.append(.integer(since.usec)) }
        if let until { conditions.append("d.scheduled_usec < ?"); values.append(.integer(until.usec)) }
        if let medication { conditions.append("d.medication = ?"); values.append(.text(medication)) }
        return (conditions.joined(separator: " AND "), values)
    }

    /// Events not yet confirmed written to the journal, oldest first, with their sequence numbers.
    public func outbox(limit: Int = 256) throws(LedgerError) -> [(seq: Int64, event: DoseEvent)] {
        try read("read the journal outbox") { () throws(SQLiteError) -> [(seq: Int64, event: DoseEvent)] in
            var entries: [(seq: Int64, event: DoseEvent)] = []
            try connection.forEachRow("SELECT \(EventRow.selection), e.seq FROM outbox o JOIN event e ON e.seq = o.seq ORDER BY o.seq LIMIT ?",
                                      [SQLiteValue(limit)], keep: true) { row in
                if let event = EventRow.decode(row) { entries.append((seq: row.integer(EventRow.columnCount), event: event)) }
            }
            return entries
        }
    }

    /// Forgets outbox entries once the journal has them. Not synced to disk on its own: losing it
    /// to a power loss only means the journal gets those entries again, and the next durable commit
    /// syncs it anyway.
    public func markJournaled(_ sequence: [Int64]) throws(LedgerError) {
        guard !sequence.isEmpty else { return }
        try writeWithoutSync("update the journal outbox") { () throws(SQLiteError) in
            for seq in sequence { try connection.run("DELETE FROM outbox WHERE seq = ?", [.integer(seq)], keep: true) }
        }
    }

    /// The hook runs recorded but not seen to end, in the order they were recorded, each with the
    /// program and timeout it was recorded with (its hook's `on` is its event's kind alone).
    public func unfinishedHookRuns() throws(LedgerError) -> [HookRun] {
        try read("read the unfinished hook runs") { () throws(SQLiteError) -> [HookRun] in
            var runs: [HookRun] = []
            // One row per argument, in order: the runs are the rows grouped by id.
            try connection.forEachRow("""
                SELECT \(EventRow.selection), r.id, r.timeout_seconds, r.attempts, argument.value
                FROM hook_run r JOIN event e ON e.seq = r.seq JOIN json_each(r.exec) argument ORDER BY r.rowid, argument.key
                """) { row in
                let columns = EventRow.columnCount
                let id = row.text(columns)
                if let last = runs.last, last.id == id {
                    runs[runs.count - 1].hook.exec.append(row.text(columns + 3))
                    return
                }
                guard let event = EventRow.decode(row) else { return }
                let hook = Hook(on: [event.kind], exec: [row.text(columns + 3)], timeout: TimeSpan(seconds: row.integer(columns + 1)))
                runs.append(HookRun(id: id, hook: hook, event: event, attempts: Int(row.integer(columns + 2))))
            }
            return runs
        }
    }

    /// Counts a start of each run, durably: after a crash the next start is the attempt after it.
    public func startHookRuns(_ ids: [String]) throws(LedgerError) {
        guard !ids.isEmpty else { return }
        do {
            try restoreFullSync()
            try connection.transaction { () throws(SQLiteError) in
                for id in ids { try connection.run("UPDATE hook_run SET attempts = attempts + 1 WHERE id = ?", [.text(id)], keep: true) }
            }
        } catch {
            throw LedgerError.from(error, path: path, doing: "record the start of \(ids.count) hook run(s)")
        }
    }

    /// Forgets runs that ended (or will never start). Not synced to disk on its own: losing it to a
    /// power loss only means those runs start once more, which hooks are told to expect.
    public func endHookRuns(_ ids: [String]) throws(LedgerError) {
        guard !ids.isEmpty else { return }
        try writeWithoutSync("record the end of \(ids.count) hook run(s)") { () throws(SQLiteError) in
            for id in ids { try connection.run("DELETE FROM hook_run WHERE id = ?", [.text(id)], keep: true) }
        }
    }

    /// A transaction a crash of medd cannot lose but a power loss may (`synchronous = NORMAL`).
    private func writeWithoutSync(_ action: String, _ body: () throws(SQLiteError) -> Void) throws(LedgerError) {
        do {
            synchronousLowered = true
            try connection.execute("PRAGMA synchronous = NORMAL")
            defer { try? restoreFullSync() }
            try connection.transaction(body)
        } catch {
            throw LedgerError.from(error, path: path, doing: action)
        }
    }

    /// Rows of the `dose` table as (id, state): what a query sees without replaying events.
    public func doseStates() throws(LedgerError) -> [DoseID: DoseState] {
        try read("read dose states") { () throws(SQLiteError) -> [DoseID: DoseState] in
            var states: [DoseID: DoseState] = [:]
            try connection.forEachRow("SELECT id, state FROM dose") { row in
                if let id = DoseID(parsing: row.text(0)), let state = DoseState(rawValue: row.text(1)) { states[id] = state }
            }
            return states
        }
    }

    public func startBackup(to path: String) throws(LedgerError) -> any LedgerBackup {
        try LedgerCopy(source: connection, path: path)
    }

    /// SQLite's own consistency check: "ok" when the file is sound.
    public func integrityCheck() throws(LedgerError) -> String {
        try read("check integrity") { () throws(SQLiteError) in try connection.text("PRAGMA integrity_check") ?? "no answer" }
    }

    /// SQLite's query plan for `sql`, for tests that pin index use.
    func explain(_ sql: String, _ values: [SQLiteValue] = []) throws(LedgerError) -> String {
        try read("explain a query") { () throws(SQLiteError) -> String in
            var details: [String] = []
            try connection.forEachRow("EXPLAIN QUERY PLAN " + sql, values) { details.append($0.text(3)) }
            return details.joined(separator: "\n")
        }
    }

    private func decodeEvents(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [DoseEvent] {
        var events: [DoseEvent] = []
        try connection.forEachRow(sql, values) { row in
            if let event = EventRow.decode(row) { events.append(event) }
        }
        return events
    }

    /// Runs `body` in one read transaction, so every query in it sees the same committed state.
    private func read<T>(_ action: String, _ body: () throws(SQLiteError) -> T) throws(LedgerError) -> T {
        do {
            return try connection.transaction(writing: false, body)
        } catch {
            throw LedgerError.from(error, path: path, doing: action)
        }
    }
}
