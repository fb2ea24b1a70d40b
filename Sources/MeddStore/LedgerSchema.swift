import GRDB

/// The ledger's tables, as versioned migrations. Never edit a shipped migration: add one.
enum LedgerSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
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
                """)
        }
        migrator.registerMigration("v2: history indexes") { db in
            // Start-up reads the open doses and the doses touched lately; as-needed limits read the
            // taken doses of one medication around an instant (`Ledger.restore`, `Ledger.records`).
            try db.execute(sql: """
                CREATE INDEX dose_open ON dose(id) WHERE final_seq IS NULL;
                CREATE INDEX event_at ON event(at_usec);
                CREATE INDEX event_medication_kind_at ON event(medication, kind, at_usec);
                """)
        }
        return migrator
    }
}
