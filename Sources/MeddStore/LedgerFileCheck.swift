import MeddCore
import SQLite
import Systemd

/// What a file must be before it becomes the ledger (`medd --restore`): an SQLite database as long
/// as its header says, sound by SQLite's integrity check, a medd ledger whose every event and dose
/// row this medd reads, of this medd's schema or an older one (which medd migrates when it starts).
public enum LedgerFileCheck {
    /// What the file holds.
    public struct Report: Hashable, Sendable {
        public var events: Int
        public var doses: Int
        /// Its schema version, such as "v3".
        public var schema: String
    }

    /// The 16 bytes every SQLite database begins with.
    static let magic = Array("SQLite format 3\u{0}".utf8)
    static let headerSize = 100

    /// Checks the file at `path` without writing it; `name` is how messages call it.
    public static func check(_ path: String, name: String) throws(LedgerRestoreError) -> Report {
        try checkHeader(path, name: name)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, create: false, readOnly: true)
        } catch {
            throw damaged(name, error)
        }
        try checkIntegrity(connection, name: name)
        let schema = try checkSchema(connection, name: name)
        return try checkRows(connection, name: name, schema: schema)
    }

    /// The header's magic, page size and page count against the file's size: a truncated copy is
    /// named as one, not left for SQLite to read past its end.
    static func checkHeader(_ path: String, name: String) throws(LedgerRestoreError) {
        let header: [UInt8]
        let size: Int
        do {
            header = try FileReader.firstBytes(at: path, count: headerSize)
            size = try FileSystem.size(of: path)
        } catch {
            throw LedgerRestoreError(.unreadable, Translatable("cannot read %1$s: %2$s", name, error.reason))
        }
        guard !header.isEmpty else { throw LedgerRestoreError(.notSQLite, Translatable("%1$s is empty, not a medd ledger", name)) }
        guard header.starts(with: magic) || header.count < magic.count && magic.starts(with: header) else {
            throw LedgerRestoreError(.notSQLite, Translatable("%1$s is not an SQLite database (it does not begin with %2$s), so not a medd ledger",
                                                        name, "\"SQLite format 3\""))
        }
        guard header.count == headerSize else {
            throw LedgerRestoreError(.truncated, Translatable("%1$s is truncated: it has %2$d bytes, fewer than an SQLite header's %3$d",
                                                        name, String(size), String(headerSize)))
        }
        let storedPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = storedPageSize == 1 ? 65_536 : storedPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            throw LedgerRestoreError(.damaged, Translatable("%1$s is damaged: its header gives a page size of %2$d bytes", name, String(storedPageSize)))
        }
        let pageCount = bigEndian(header[28..<32])
        // The header's page count is valid when the change counter was written with it (SQLite 3.7.0 on).
        if pageCount > 0, header[24..<28] == header[92..<96] {
            guard size >= pageCount * pageSize else {
                throw LedgerRestoreError(.truncated, Translatable(
                    "%1$s is truncated: its header says %2$d pages of %3$d bytes (%4$d bytes), but the file has %5$d",
                    name, String(pageCount), String(pageSize), String(pageCount * pageSize), String(size)))
            }
        } else if size % pageSize != 0 {
            throw LedgerRestoreError(.truncated, Translatable("%1$s is truncated: its %2$d bytes are not a whole number of %3$d-byte pages",
                                                     name, String(size), String(pageSize)))
        }
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    private static func checkIntegrity(_ connection: SQLiteConnection, name: String) throws(LedgerRestoreError) {
        var findings: [String] = []
        do {
            try connection.forEachRow("PRAGMA integrity_check") { findings.append($0.text(0)) }
        } catch {
            throw damaged(name, error)
        }
        guard findings == ["ok"] else {
            let shown = findings.prefix(3).joined(separator: "; ")
            // TRANSLATORS: %1$s is the file, %2$s what SQLite's integrity check found (English, from SQLite).
            throw LedgerRestoreError(.damaged, findings.count > 3
                ? Translatable.plural("%1$s is damaged: SQLite's integrity check found: %2$s (and %3$d more)",
                                      "%1$s is damaged: SQLite's integrity check found: %2$s (and %3$d more)",
                                      count: findings.count - 3, name, shown, String(findings.count - 3))
                : Translatable("%1$s is damaged: SQLite's integrity check found: %2$s", name, shown))
        }
    }

    /// The schema version the file's applied migrations amount to; a file that lists migrations this
    /// medd does not know was written by a newer medd.
    private static func checkSchema(_ connection: SQLiteConnection, name: String) throws(LedgerRestoreError) -> String {
        var tables: Set<String> = []
        var applied: [String] = []
        var foreign: [String] = []
        do {
            try connection.forEachRow("SELECT name FROM sqlite_master WHERE type = 'table'") { tables.insert($0.text(0)) }
            // No medd ledger has triggers or views; a trigger would run inside medd's own commits.
            try connection.forEachRow("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name") {
                foreign.append("\($0.text(0)) \($0.text(1))")
            }
            if tables.contains(LedgerSchema.appliedTable) {
                try connection.forEachRow("SELECT identifier FROM \(LedgerSchema.appliedTable) ORDER BY rowid") { applied.append($0.text(0)) }
            }
        } catch {
            throw damaged(name, error)
        }
        guard foreign.isEmpty else {
            throw LedgerRestoreError(.notALedger, Translatable("%1$s is not a medd ledger as medd writes it: it holds %2$s, which no medd ledger has",
                                                         name, foreign.joined(separator: ", ")))
        }
        let first = LedgerSchema.migrations[0].identifier
        guard applied.contains(first) else {
            throw LedgerRestoreError(.notALedger, Translatable("%1$s is an SQLite database but not a medd ledger (it has no %2$s table listing migration %3$s)",
                                                         name, LedgerSchema.appliedTable, first))
        }
        let known = LedgerSchema.migrations.map(\.identifier)
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let fileVersion = LedgerSchema.version(of: unknown[unknown.count - 1])
            throw LedgerRestoreError(.newerSchema, Translatable("""
                %1$s was written by a newer medd: its ledger schema is %2$s (migrations this medd does not know: %3$s), \
                and this medd (%4$s) reads schema %5$s and older. Restore it with a medd as new as the one that wrote it
                """, name, fileVersion, unknown.joined(separator: ", "), MeddVersion.current, LedgerSchema.currentVersion))
        }
        let missing = LedgerSchema.migrations.filter { applied.contains($0.identifier) }
            .flatMap { createdTables($0.sql) }.filter { !tables.contains($0) }
        guard missing.isEmpty else {
            throw LedgerRestoreError(.notALedger, Translatable.plural("%1$s is not a complete medd ledger: it lacks the table %2$s",
                                                                "%1$s is not a complete medd ledger: it lacks the tables %2$s",
                                                                count: missing.count, name, missing.joined(separator: ", ")))
        }
        let lastKnown = known.last { applied.contains($0) } ?? first
        return LedgerSchema.version(of: lastKnown)
    }

    /// The names of the tables `sql` creates.
    private static func createdTables(_ sql: String) -> [String] {
        sql.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "CREATE", words[1] == "TABLE" else { return nil }
            return String(words[2])
        }
    }

    /// Every event and dose row reads as medd reads it, and every dose names events the file has.
    private static func checkRows(_ connection: SQLiteConnection, name: String, schema: String) throws(LedgerRestoreError) -> Report {
        var events = 0
        var unreadableEvents = 0
        var doses = 0
        var unreadableDoses = 0
        var danglingDoses = 0
        do {
            var existing: Set<String> = []
            try connection.forEachRow("SELECT name FROM pragma_table_info('event')") { existing.insert($0.text(0)) }
            let selection = EventRow.selection(having: existing)
            try connection.forEachRow("SELECT \(selection) FROM event e") { row in
                events += 1
                if EventRow.decode(row) == nil { unreadableEvents += 1 }
            }
            try connection.forEachRow("SELECT id, state FROM dose") { row in
                doses += 1
                if DoseID(parsing: row.text(0)) == nil || DoseState(rawValue: row.text(1)) == nil { unreadableDoses += 1 }
            }
            try connection.forEachRow("PRAGMA foreign_key_check") { _ in danglingDoses += 1 }
        } catch {
            throw damaged(name, error)
        }
        guard unreadableEvents == 0, unreadableDoses == 0 else {
            throw LedgerRestoreError(.damaged, Translatable("""
                %1$s is damaged: %2$d of its %3$d events and %4$d of its %5$d doses cannot be read \
                (an unknown kind, source, state or dose ID)
                """, name, String(unreadableEvents), String(events), String(unreadableDoses), String(doses)))
        }
        guard danglingDoses == 0 else {
            throw LedgerRestoreError(.damaged, Translatable.plural("%1$s is damaged: %2$d row names events it does not have",
                                                             "%1$s is damaged: %2$d rows name events it does not have",
                                                             count: danglingDoses, name, String(danglingDoses)))
        }
        return Report(events: events, doses: doses, schema: schema)
    }

    private static func damaged(_ name: String, _ error: SQLiteError) -> LedgerRestoreError {
        switch error.kind {
        case .corrupt: LedgerRestoreError(.damaged, Translatable("%1$s is damaged: SQLite says %2$s", name, error.message))
        default: LedgerRestoreError(.unreadable, Translatable("cannot read %1$s with SQLite: %2$s", name, error.message))
        }
    }
}
