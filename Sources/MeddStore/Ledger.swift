import Foundation
import GRDB
import Synchronization
public import MeddCore

/// The daemon's durable memory: every dose event, the current state of each dose, snoozes,
/// stock counts and the journal outbox, in one SQLite file (WAL, `synchronous=FULL`).
///
/// `commit` returns only once the transaction is on disk, so whatever is acknowledged after it
/// survives a crash or power loss.
public final class Ledger: Sendable {
    public static let fileName = "ledger.sqlite"

    public let path: String
    private let queue: DatabaseQueue
    private let lock: LedgerLock

    /// Opens (creating if needed) the ledger in `directory`, taking its lock.
    public init(directory: String) throws(LedgerError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw LedgerError(.readOnly, "cannot create the state directory \(directory): \((error as NSError).localizedDescription)")
        }
        lock = try LedgerLock(directory: directory)
        path = directory + "/" + Self.fileName
        checkpointer = LedgerCheckpointer(path: path)
        var configuration = GRDB.Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Checkpoints run from `checkpointIfDue`, after answers are acknowledged, not inside a commit.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw LedgerError.from(error, path: path, doing: "open the ledger")
        }
        try migrate()
    }

    private func migrate() throws(LedgerError) {
        let migrator = LedgerSchema.migrator
        do {
            try queue.writeWithoutTransaction { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw LedgerError(.io, "\(path): SQLite refused write-ahead logging")
                }
                if try migrator.hasBeenSuperseded(db) {
                    throw LedgerError(.newerSchema, "\(path) was written by a newer medd (unknown schema versions); medd left it untouched. Run the newer medd, or move the file aside")
                }
            }
            try migrator.migrate(queue)
        } catch {
            throw LedgerError.from(error, path: path, doing: "prepare the ledger")
        }
    }

    /// Commits since the last checkpoint; a counter, not a size, because it is cheap to keep.
    private let commitsSinceCheckpoint = Mutex(0)
    /// About SQLite's default of 1,000 WAL pages: a few pages per commit.
    static let commitsPerCheckpoint = 250

    private let checkpointer: LedgerCheckpointer

    /// Starts a background checkpoint every `commitsPerCheckpoint` commits (PASSIVE: never waits
    /// for readers; on its own connection, so it never holds up a commit).
    public func checkpointIfDue() {
        guard takeCheckpointTurn() else { return }
        checkpointer.start()
    }

    private func takeCheckpointTurn() -> Bool {
        commitsSinceCheckpoint.withLock { count in
            guard count >= Self.commitsPerCheckpoint else { return false }
            count = 0
            return true
        }
    }

    /// Checkpoints on this connection, now.
    private func checkpoint() throws(LedgerError) {
        do {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        } catch {
            throw LedgerError.from(error, path: path, doing: "checkpoint the write-ahead log")
        }
    }

    /// Durably records events (possibly none) with the book's state after them. Returns the events'
    /// sequence numbers; when it returns, the events are on disk.
    @discardableResult
    public func commit(_ events: [DoseEvent], state book: DoseBook) throws(LedgerError) -> [Int64] {
        do {
            let result = try queue.write { db in
                var sequence: [Int64] = []
                let outbox = try db.cachedStatement(sql: "INSERT INTO outbox (seq) VALUES (?)")
                for event in events {
                    let seq = try EventRow.insert(event, into: db)
                    sequence.append(seq)
                    try updateDose(for: event, seq: seq, db)
                    try outbox.execute(arguments: [seq])
                }
                try saveState(of: book, db)
                return sequence
            }
            let pending = commitsSinceCheckpoint.withLock { count in
                count += 1
                return count
            }
            // A user that never calls `checkpointIfDue` (tools, tests) still keeps the WAL bounded.
            if pending >= 4 * Self.commitsPerCheckpoint, takeCheckpointTurn() { try checkpoint() }
            return result
        } catch {
            throw LedgerError.from(error, path: path, doing: "record \(events.count) event(s)")
        }
    }

    private func updateDose(for event: DoseEvent, seq: Int64, _ db: Database) throws {
        guard event.kind != .lowStock else { return }
        let state = event.kind.isFinal ? event.kind.rawValue : (event.kind == .snoozed ? "snoozed" : "pending")
        // An alert after a final answer cannot happen in the book; the ledger keeps the final state
        // regardless: a non-final event never overwrites a row whose final_seq is set.
        try db.cachedStatement(sql: """
            INSERT INTO dose (id, medication, scheduled_usec, state, last_seq, final_seq) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET state = excluded.state, last_seq = excluded.last_seq, final_seq = excluded.final_seq
            WHERE dose.final_seq IS NULL OR excluded.final_seq IS NOT NULL
            """).execute(arguments: [event.dose.id.description, event.dose.medication, event.dose.scheduled.usec, state, seq,
                                     event.kind.isFinal ? seq : nil])
    }

    private func saveState(of book: DoseBook, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM snooze")
        for (snoozeID, doseID) in book.snoozes {
            guard let until = book.records[doseID]?.snoozeUntil else { continue }
            try db.cachedStatement(sql: "INSERT INTO snooze (snooze_id, dose_id, until_usec) VALUES (?, ?, ?)")
                .execute(arguments: [snoozeID.description, doseID.description, until.usec])
        }
        for (medication, count) in book.stock {
            try db.cachedStatement(sql: """
                INSERT INTO stock (medication, configured, since_usec, level) VALUES (?, ?, ?, ?)
                ON CONFLICT(medication) DO UPDATE SET configured = excluded.configured, since_usec = excluded.since_usec, level = excluded.level
                """).execute(arguments: [medication, count.configured, count.since.usec, count.level])
        }
        if let watermark = book.watermark {
            try db.cachedStatement(sql: "INSERT INTO meta (key, value) VALUES ('watermark', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                .execute(arguments: [watermark.usec])
        }
    }

    /// Rebuilds a book from the ledger for a daemon starting at `now`: the saved watermark, stock
    /// levels and snooze slots, and the events of the doses it must hold — open, due or touched from
    /// `DoseBook.historyNeeded(at: now)` on. Older final doses stay in the ledger (`records`).
    public func restore(into book: inout DoseBook, now: Instant) throws(LedgerError) {
        let heldFrom = DoseBook.historyNeeded(at: now, settings: book.settings)
        let saved = try read("read the ledger") { db in
            let watermark = try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'watermark'")
            var counts: [String: StockCount] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT medication, configured, since_usec, level FROM stock") {
                var count = StockCount(configured: row["configured"], since: Instant(usec: row["since_usec"]))
                count.level = row["level"]
                counts[row["medication"]] = count
            }
            var snoozes: [SnoozeID: DoseID] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT dose_id FROM snooze") {
                if let id = DoseID(parsing: row["dose_id"]) { snoozes[id.snoozeID] = id }
            }
            let events = try Self.decodeEvents(db, sql: Self.heldEventsQuery, arguments: [heldFrom.usec, heldFrom.usec])
            return SavedBook(watermark: watermark.map(Instant.init(usec:)), stock: counts, snoozes: snoozes,
                             events: events, heldFrom: heldFrom)
        }
        book.restore(saved)
    }

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
        let (watermark, counts) = try read("read the ledger") { db in
            let watermark = try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'watermark'")
            var counts: [String: StockCount] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT medication, configured, since_usec FROM stock") {
                counts[row["medication"]] = StockCount(configured: row["configured"], since: Instant(usec: row["since_usec"]))
            }
            return (watermark, counts)
        }
        book.restoreWatermark(watermark.map(Instant.init(usec:)))
        book.restoreStock(counts)
        for event in try allEvents() { book.absorb(event) }
    }

    /// The records of the doses `request` names, each folded from its own events: what the book
    /// needs of doses older than it holds. Final records are exactly what a full replay holds.
    public func records(_ request: HistoryRequest) throws(LedgerError) -> [DoseRecord] {
        guard !request.isEmpty else { return [] }
        let (sql, arguments) = Self.recordsQuery(request)
        let events = try read("read dose history") { db in try Self.decodeEvents(db, sql: sql, arguments: arguments) }
        return DoseRecord.folding(events)
    }

    static func recordsQuery(_ request: HistoryRequest) -> (String, StatementArguments) {
        var parts: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if !request.doses.isEmpty {
            parts.append("SELECT id FROM dose WHERE id IN (\(request.doses.map { _ in "?" }.joined(separator: ", ")))")
            arguments += request.doses.map(\.description)
        }
        func add(_ spans: [HistoryRequest.Span], _ select: String, _ column: String, kind: String? = nil) {
            for span in spans {
                var conditions = ["\(column) >= ?", "\(column) < ?"]
                var values: [any DatabaseValueConvertible] = [span.from.usec, span.to.usec]
                if let kind { conditions.insert("kind = ?", at: 0); values.insert(kind, at: 0) }
                if let medication = span.medication { conditions.insert("medication = ?", at: 0); values.insert(medication, at: 0) }
                parts.append("\(select) WHERE \(conditions.joined(separator: " AND "))")
                arguments += values
            }
        }
        add(request.due, "SELECT id FROM dose", "scheduled_usec")
        add(request.taken, "SELECT dose_id FROM event", "at_usec", kind: EventKind.taken.rawValue)
        add(request.touched, "SELECT dose_id FROM event", "at_usec")
        let sql = """
            WITH wanted(id) AS (\(parts.joined(separator: " UNION ")))
            SELECT \(EventRow.selection) FROM wanted CROSS JOIN event e ON e.dose_id = wanted.id ORDER BY e.seq
            """
        return (sql, StatementArguments(arguments))
    }

    /// Every event in the order it was recorded.
    public func allEvents() throws(LedgerError) -> [DoseEvent] {
        try read("read events") { db in try Self.decodeEvents(db, sql: "SELECT \(EventRow.selection) FROM event e ORDER BY e.seq") }
    }

    /// The final event of each dose due in `[since, until)`, oldest due first: history.
    public func finalEvents(since: Instant? = nil, until: Instant? = nil, medication: String? = nil) throws(LedgerError) -> [DoseEvent] {
        let (condition, arguments) = Self.finalCondition(since: since, until: until, medication: medication)
        return try read("read history") { db in
            try Self.decodeEvents(db, sql: "SELECT \(EventRow.selection) FROM dose d JOIN event e ON e.seq = d.final_seq WHERE \(condition) ORDER BY d.scheduled_usec, d.id", arguments: arguments)
        }
    }

    /// Adherence over doses due in `[since, until)`, tallied straight from the index.
    public func adherence(since: Instant? = nil, until: Instant? = nil, medication: String? = nil) throws(LedgerError) -> AdherenceReport {
        let (condition, arguments) = Self.finalCondition(since: since, until: until, medication: medication)
        let sql = "SELECT d.medication, e.kind, d.scheduled_usec, e.at_usec FROM dose d JOIN event e ON e.seq = d.final_seq WHERE \(condition)"
        return try read("compute adherence") { db in
            var answers: [FinalAnswer] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                guard let kind = EventKind(rawValue: row[1]) else { continue }
                answers.append(FinalAnswer(medication: row[0], kind: kind, scheduled: Instant(usec: row[2]), at: Instant(usec: row[3])))
            }
            return Adherence.report(finals: answers)
        }
    }

    private static func finalCondition(since: Instant?, until: Instant?, medication: String?) -> (String, StatementArguments) {
        var conditions = ["d.final_seq IS NOT NULL"]
        var arguments: [any DatabaseValueConvertible] = []
        if let since { conditions.append("d.scheduled_usec >= ?"); arguments.append(since.usec) }
        if let until { conditions.append("d.scheduled_usec < ?"); arguments.append(until.usec) }
        if let medication { conditions.append("d.medication = ?"); arguments.append(medication) }
        return (conditions.joined(separator: " AND "), StatementArguments(arguments))
    }

    /// Events not yet confirmed written to the journal, oldest first, with their sequence numbers.
    public func outbox(limit: Int = 256) throws(LedgerError) -> [(seq: Int64, event: DoseEvent)] {
        try read("read the journal outbox") { db in
            var entries: [(seq: Int64, event: DoseEvent)] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT \(EventRow.selection), e.seq FROM outbox o JOIN event e ON e.seq = o.seq ORDER BY o.seq LIMIT ?", arguments: [limit])
            while let row = try rows.next() {
                if let event = EventRow.decode(row) { entries.append((seq: row[EventRow.columnCount], event: event)) }
            }
            return entries
        }
    }

    /// Forgets outbox entries once the journal has them. Not synced to disk on its own: losing it
    /// to a crash only means the journal gets those entries again, and the next durable commit
    /// syncs it anyway.
    public func markJournaled(_ sequence: [Int64]) throws(LedgerError) {
        guard !sequence.isEmpty else { return }
        do {
            try queue.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
                defer { try? db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute() }
                try db.inTransaction {
                    let delete = try db.cachedStatement(sql: "DELETE FROM outbox WHERE seq = ?")
                    for seq in sequence { try delete.execute(arguments: [seq]) }
                    return .commit
                }
            }
        } catch {
            throw LedgerError.from(error, path: path, doing: "update the journal outbox")
        }
    }

    /// Rows of the `dose` table as (id, state): what a query sees without replaying events.
    public func doseStates() throws(LedgerError) -> [DoseID: DoseState] {
        try read("read dose states") { db in
            var states: [DoseID: DoseState] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, state FROM dose") {
                if let id = DoseID(parsing: row["id"]), let state = DoseState(rawValue: row["state"]) { states[id] = state }
            }
            return states
        }
    }

    /// SQLite's own consistency check: "ok" when the file is sound.
    public func integrityCheck() throws(LedgerError) -> String {
        try read("check integrity") { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "no answer" }
    }

    /// SQLite's query plan for `sql`, for tests that pin index use.
    func explain(_ sql: String, arguments: StatementArguments = StatementArguments()) throws(LedgerError) -> String {
        try read("explain a query") { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { "\($0["detail"] ?? "")" }.joined(separator: "\n")
        }
    }

    private static func decodeEvents(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [DoseEvent] {
        var events: [DoseEvent] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            if let event = EventRow.decode(row) { events.append(event) }
        }
        return events
    }

    private func read<T>(_ action: String, _ body: (Database) throws -> T) throws(LedgerError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw LedgerError.from(error, path: path, doing: action)
        }
    }
}
