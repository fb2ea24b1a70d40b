public import MeddCore
public import SQLite

/// The carers' messages on their way, in an SQLite file of medd-sync's own (`carers.sqlite` in its state
/// directory): each message, on each of its carer's channels, is recorded durably (`synchronous = FULL`)
/// before it is sent and marked sent after, so a crash between the two sends it again (at least once),
/// and deciding it again after a restart finds it there (never a second one). medd's ledger stays the
/// truth about doses; this file only knows what was told.
public final class CarerOutbox {
    private let connection: SQLiteConnection
    public let path: String

    /// A message on one channel, as it is sent: its words already in the carer's language.
    public struct Delivery: Hashable, Sendable {
        public var message: String
        public var channel: Channel
        public var carer: String
        public var kind: CarerMessage.Kind
        /// The dose it is about, for the all-clear's bookkeeping (never sent without `details`).
        public var dose: String?
        public var title: String
        public var body: String
        /// `CarerText.reference`: the same on every attempt.
        public var reference: String
        public var createdAt: Instant
        public var attempts = 0

        public init(message: String, channel: Channel, carer: String, kind: CarerMessage.Kind, dose: String?, title: String, body: String,
                    reference: String, createdAt: Instant) {
            self.message = message
            self.channel = channel
            self.carer = carer
            self.kind = kind
            self.dose = dose
            self.title = title
            self.body = body
            self.reference = reference
            self.createdAt = createdAt
        }
    }

    public enum Channel: String, CaseIterable, Hashable, Sendable {
        case email, ntfy, command
    }

    /// What `medctl status` says of a carer.
    public struct CarerStatus: Hashable, Sendable {
        public var lastDelivery: Instant?
        public var lastError: String?
        public var lastErrorAt: Instant?
        /// Deliveries not made yet (retrying).
        public var waiting: Int
    }

    public init(path: String) throws(SQLiteError) {
        self.path = path
        connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA synchronous = FULL")
        _ = try connection.text("PRAGMA journal_mode = WAL")
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS carer (id TEXT PRIMARY KEY, since_usec INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS delivery (
                message TEXT NOT NULL, channel TEXT NOT NULL, carer TEXT NOT NULL, kind TEXT NOT NULL, dose TEXT,
                title TEXT NOT NULL, body TEXT NOT NULL, reference TEXT NOT NULL, created_usec INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, next_usec INTEGER NOT NULL, sent_usec INTEGER, failed_usec INTEGER,
                last_error TEXT, last_error_usec INTEGER,
                PRIMARY KEY (message, channel));
            CREATE INDEX IF NOT EXISTS delivery_waiting ON delivery (next_usec) WHERE sent_usec IS NULL AND failed_usec IS NULL;
            """)
    }

    /// When `carer` was first seen here: what happened before is never told. Recorded at the first call.
    public func since(carer: String, now: Instant) throws(SQLiteError) -> Instant {
        try connection.run("INSERT OR IGNORE INTO carer (id, since_usec) VALUES (?, ?)", [.text(carer), .integer(now.usec)])
        return Instant(usec: try connection.integer("SELECT since_usec FROM carer WHERE id = ?", [.text(carer)]) ?? now.usec)
    }

    /// The doses `carer` was told of as overdue or missed (on any channel).
    public func told(carer: String) throws(SQLiteError) -> Set<String> {
        var doses: Set<String> = []
        try connection.forEachRow("SELECT DISTINCT dose FROM delivery WHERE carer = ? AND kind IN ('overdue', 'missed') AND dose IS NOT NULL",
                                  [.text(carer)]) { row in
            doses.insert(row.text(0))
        }
        return doses
    }

    /// Records the deliveries not recorded yet, in one durable transaction; returns those that were new.
    @discardableResult
    public func record(_ deliveries: [Delivery]) throws(SQLiteError) -> [Delivery] {
        guard !deliveries.isEmpty else { return [] }
        return try connection.transaction { () throws(SQLiteError) -> [Delivery] in
            var added: [Delivery] = []
            for delivery in deliveries {
                try connection.run("""
                    INSERT OR IGNORE INTO delivery (message, channel, carer, kind, dose, title, body, reference, created_usec, next_usec)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(delivery.message), .text(delivery.channel.rawValue), .text(delivery.carer), .text(delivery.kind.rawValue),
                          SQLiteValue(delivery.dose), .text(delivery.title), .text(delivery.body), .text(delivery.reference),
                          .integer(delivery.createdAt.usec), .integer(delivery.createdAt.usec)], keep: true)
                if connection.changes > 0 { added.append(delivery) }
            }
            return added
        }
    }

    /// Deliveries due by `now` (not sent, not given up), oldest first.
    public func due(now: Instant) throws(SQLiteError) -> [Delivery] {
        try deliveries(where: "sent_usec IS NULL AND failed_usec IS NULL AND next_usec <= ?", [.integer(now.usec)])
    }

    /// When the next delivery waiting for a retry after `now` is due.
    public func nextAttempt(after now: Instant) throws(SQLiteError) -> Instant? {
        try connection.integer("SELECT min(next_usec) FROM delivery WHERE sent_usec IS NULL AND failed_usec IS NULL AND next_usec > ?",
                               [.integer(now.usec)]).map(Instant.init(usec:))
    }

    public func markSent(_ delivery: Delivery, at now: Instant) throws(SQLiteError) {
        try connection.run("UPDATE delivery SET sent_usec = ?, attempts = attempts + 1 WHERE message = ? AND channel = ?",
                           [.integer(now.usec), .text(delivery.message), .text(delivery.channel.rawValue)])
    }

    /// A failed attempt: tried again at `retryAt`, or given up when it is nil.
    public func markFailed(_ delivery: Delivery, error: String, at now: Instant, retryAt: Instant?) throws(SQLiteError) {
        try connection.run("""
            UPDATE delivery SET attempts = attempts + 1, last_error = ?, last_error_usec = ?, next_usec = ?, failed_usec = ?
            WHERE message = ? AND channel = ?
            """, [.text(error), .integer(now.usec), .integer((retryAt ?? now).usec), retryAt == nil ? .integer(now.usec) : .null,
                  .text(delivery.message), .text(delivery.channel.rawValue)])
    }

    public func status(carer: String) throws(SQLiteError) -> CarerStatus {
        let last = try connection.integer("SELECT max(sent_usec) FROM delivery WHERE carer = ?", [.text(carer)])
        var error: (String, Int64)?
        try connection.forEachRow("""
            SELECT last_error, last_error_usec FROM delivery WHERE carer = ? AND last_error IS NOT NULL
            ORDER BY last_error_usec DESC LIMIT 1
            """, [.text(carer)]) { row in
            error = (row.text(0), row.integer(1))
        }
        let waiting = try connection.integer("SELECT count(*) FROM delivery WHERE carer = ? AND sent_usec IS NULL AND failed_usec IS NULL",
                                             [.text(carer)]) ?? 0
        return CarerStatus(lastDelivery: last.map(Instant.init(usec:)), lastError: error?.0, lastErrorAt: error.map { Instant(usec: $0.1) },
                           waiting: Int(waiting))
    }

    private func deliveries(where condition: String, _ values: [SQLiteValue]) throws(SQLiteError) -> [Delivery] {
        var found: [Delivery] = []
        try connection.forEachRow("""
            SELECT message, channel, carer, kind, dose, title, body, reference, created_usec, attempts FROM delivery
            WHERE \(condition) ORDER BY created_usec, message, channel
            """, values) { row in
            guard let channel = Channel(rawValue: row.text(1)), let kind = CarerMessage.Kind(rawValue: row.text(3)) else { return }
            var delivery = Delivery(message: row.text(0), channel: channel, carer: row.text(2), kind: kind, dose: row.optionalText(4),
                                    title: row.text(5), body: row.text(6), reference: row.text(7), createdAt: Instant(usec: row.integer(8)))
            delivery.attempts = Int(row.integer(9))
            found.append(delivery)
        }
        return found
    }
}

extension Carer {
    /// Whether the carer is reached on `channel`.
    public func has(_ channel: CarerOutbox.Channel) -> Bool {
        switch channel {
        case .email: email != nil
        case .ntfy: ntfy != nil
        case .command: command != nil
        }
    }
}
