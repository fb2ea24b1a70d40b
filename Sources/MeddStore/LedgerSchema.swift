import SQLite

/// The ledger's tables, as versioned migrations. Never edit a shipped migration: add one.
public enum LedgerSchema {
    /// Where the applied migrations are listed. The name is the one earlier medd versions (built on
    /// GRDB's migrator) gave it, so their ledgers open as they are.
    static let appliedTable = "grdb_migrations"

    /// Each migration's identifier and SQL, in the order they apply.
    static let migrations: [(identifier: String, sql: String)] = [
        ("v1", """
            CREATE TABLE event (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                dose_id TEXT NOT NULL,
                medication TEXT NOT NULL,
                name TEXT NOT NULL,
                dose_text TEXT NOT NULL,
                scheduled_usec INTEGER NOT NULL,
                utc_offset INTEGER NOT NULL,
                at_usec INTEGER NOT NULL,
                source TEXT NOT NULL,
                snooze_until_usec INTEGER,
                reason TEXT,
                note TEXT
            );
            CREATE INDEX event_dose ON event(dose_id);
            CREATE TABLE dose (
                id TEXT PRIMARY KEY,
                medication TEXT NOT NULL,
                scheduled_usec INTEGER NOT NULL,
                state TEXT NOT NULL,
                last_seq INTEGER NOT NULL REFERENCES event(seq),
                final_seq INTEGER REFERENCES event(seq)
            );
            CREATE INDEX dose_scheduled ON dose(scheduled_usec);
            CREATE INDEX dose_medication_scheduled ON dose(medication, scheduled_usec);
            CREATE TABLE snooze (
                snooze_id TEXT PRIMARY KEY,
                dose_id TEXT NOT NULL,
                until_usec INTEGER NOT NULL
            );
            CREATE TABLE stock (
                medication TEXT PRIMARY KEY,
                configured INTEGER NOT NULL,
                since_usec INTEGER NOT NULL,
                level INTEGER NOT NULL
            );
            CREATE TABLE outbox (
                seq INTEGER PRIMARY KEY REFERENCES event(seq)
            );
            CREATE TABLE meta (
                key TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            );
            """),
        // Start-up reads the open doses and the doses touched lately; as-needed limits read the
        // taken doses of one medication around an instant (`Ledger.restore`, `Ledger.records`).
        ("v2: history indexes", """
            CREATE INDEX dose_open ON dose(id) WHERE final_seq IS NULL;
            CREATE INDEX event_at ON event(at_usec);
            CREATE INDEX event_medication_kind_at ON event(medication, kind, at_usec);
            """),
        // When each medication was first tracked (`DoseBook.trackedSince`). A ledger from before this
        // counts each as tracked from its earliest dose with an event: what medd never recorded before
        // that, it never knew. Start-up reads every expiry event, however old (`Ledger.restore`).
        ("v3: tracking and expiry", """
            CREATE TABLE tracked (
                medication TEXT PRIMARY KEY,
                since_usec INTEGER NOT NULL
            );
            INSERT INTO tracked (medication, since_usec) SELECT medication, MIN(scheduled_usec) FROM event GROUP BY medication;
            CREATE INDEX event_expiry ON event(seq) WHERE kind IN ('expiring', 'expired');
            """),
        // Stock takes decimals (`per_dose = 0.5`): counts are kept in thousandths of a unit from here on.
        // Earlier versions counted whole units, which this turns into the same amounts.
        ("v4: stock in thousandths", """
            UPDATE stock SET configured = configured * 1000, level = level * 1000;
            """),
        // Hook runs recorded with their events and forgotten once they ended: what is left at start-up
        // did not finish and starts again (`Ledger.unfinishedHookRuns`), in the order recorded (rowid).
        // `exec` is the argument vector as a JSON array.
        ("v5: durable hooks", """
            CREATE TABLE hook_run (
                id TEXT PRIMARY KEY,
                seq INTEGER NOT NULL REFERENCES event(seq),
                exec TEXT NOT NULL,
                timeout_seconds INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0
            );
            """),
        // An answer given on another device that lost to the dose's final answer is kept as a `replaced`
        // event, with the answer it was (taken or skipped) in `answer`.
        ("v6: replaced answers", """
            ALTER TABLE event ADD COLUMN answer TEXT;
            """),
        // Readings and reminders to measure. `measurement` is the kind a measurement's events carry (NULL
        // for a medication's; on `dose` too, so adherence leaves them out); a `measured` event holds its
        // value as the exact text `MEDD_VALUE` has, its unit, the target then in force and `reading`
        // ("1/2": which of its reminder's readings it is). Readings are listed by time.
        ("v7: readings", """
            ALTER TABLE event ADD COLUMN measurement TEXT;
            ALTER TABLE event ADD COLUMN value TEXT;
            ALTER TABLE event ADD COLUMN unit TEXT;
            ALTER TABLE event ADD COLUMN target TEXT;
            ALTER TABLE event ADD COLUMN reading TEXT;
            ALTER TABLE dose ADD COLUMN measurement TEXT;
            CREATE INDEX event_reading ON event(at_usec) WHERE kind = 'measured';
            """),
        // History is read a page at a time in due order, then ID (`Ledger.finalEvents(after:limit:)`): each
        // page starts where the last ended and stops at its limit, instead of sorting what is left.
        ("v8: history pages", """
            CREATE INDEX dose_scheduled_id ON dose(scheduled_usec, id);
            """),
        // Refills recorded without a change to the configuration (`medctl refill`): a `refilled` event holds the
        // units added in `value` (the exact decimal text, as a reading's value) and the units on hand after
        // them in `stock`, which `MEDD_STOCK` repeats however late the journal gets the entry.
        ("v9: refills", """
            ALTER TABLE event ADD COLUMN stock TEXT;
            """),
    ]

    /// A migration's version: its identifier up to the first colon ("v3" of "v3: tracking and expiry").
    static func version(of identifier: String) -> String {
        String(identifier.prefix { $0 != ":" })
    }

    /// The schema this medd writes: the version of its last migration.
    public static var currentVersion: String { version(of: migrations[migrations.count - 1].identifier) }

    enum Outcome {
        case migrated
        /// The file lists migrations this version does not know: a newer medd wrote it.
        case newer(unknown: [String])
    }

    /// Applies the migrations `connection`'s database lacks, each in its own transaction with its
    /// entry in `appliedTable`; writes nothing when the database is newer than this code.
    static func migrate(_ connection: SQLiteConnection) throws(SQLiteError) -> Outcome {
        var applied: Set<String> = []
        if try connection.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(appliedTable)]) == 1 {
            try connection.forEachRow("SELECT identifier FROM \(appliedTable)") { applied.insert($0.text(0)) }
        }
        let known = Set(migrations.map { $0.identifier })
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else { return .newer(unknown: unknown.sorted()) }
        try connection.execute("CREATE TABLE IF NOT EXISTS \(appliedTable) (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in migrations where !applied.contains(migration.identifier) {
            try connection.transaction { () throws(SQLiteError) in
                try connection.execute(migration.sql)
                try connection.run("INSERT INTO \(appliedTable) (identifier) VALUES (?)", [.text(migration.identifier)])
            }
        }
        return .migrated
    }
}
