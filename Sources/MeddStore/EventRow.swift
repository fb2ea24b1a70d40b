import Foundation
import GRDB
import MeddCore

/// A `DoseEvent` as one row of the `event` table.
enum EventRow {
    static let columns = "kind, dose_id, medication, name, dose_text, scheduled_usec, utc_offset, at_usec, source, snooze_until_usec, reason, note"

    static func insert(_ event: DoseEvent, into db: Database) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO event (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").execute(arguments: [
            event.kind.rawValue, event.dose.id.description, event.dose.medication, event.dose.name, event.dose.doseText,
            event.dose.scheduled.usec, event.dose.utcOffset, event.at.usec, event.source.rawValue,
            event.snoozeUntil?.usec, event.reason, event.note,
        ])
        return db.lastInsertedRowID
    }

    /// The event columns in the order `decode` reads them, from an `event` table aliased `e`.
    static let selection = columns.split(separator: ",").map { "e." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    static let columnCount = 12

    /// Decodes a row that starts with `selection`. Nil for a row this version cannot read.
    static func decode(_ row: Row) -> DoseEvent? {
        guard let kind = EventKind(rawValue: row[0]), let id = DoseID(parsing: row[1]),
              let source = EventSource(rawValue: row[8]) else { return nil }
        let dose = Dose(id: id, name: row[3], doseText: row[4], scheduled: Instant(usec: row[5]), utcOffset: row[6])
        let snoozeUntil: Int64? = row[9]
        return DoseEvent(kind: kind, dose: dose, at: Instant(usec: row[7]), source: source,
                         snoozeUntil: snoozeUntil.map(Instant.init(usec:)), reason: row[10], note: row[11])
    }
}
