import GRDB
import MeddCore

/// A `DoseEvent` as one row of the `event` table.
enum EventRow {
    static let columns = "kind, dose_id, medication, name, dose_text, scheduled_usec, utc_offset, at_usec, source, snooze_until_usec, reason, note"

    static func insert(_ event: DoseEvent, into db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT INTO event (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", arguments: [
            event.kind.rawValue, event.dose.id.description, event.dose.medication, event.dose.name, event.dose.doseText,
            event.dose.scheduled.usec, event.dose.utcOffset, event.at.usec, event.source.rawValue,
            event.snoozeUntil?.usec, event.reason, event.note,
        ])
        return db.lastInsertedRowID
    }

    /// Decodes a row selected with `columns` (prefixed or not). Nil for a row this version cannot read.
    static func decode(_ row: Row) -> DoseEvent? {
        guard let kind = EventKind(rawValue: row["kind"]), let id = DoseID(parsing: row["dose_id"]),
              let source = EventSource(rawValue: row["source"]) else { return nil }
        let dose = Dose(id: id, name: row["name"], doseText: row["dose_text"],
                        scheduled: Instant(usec: row["scheduled_usec"]), utcOffset: row["utc_offset"])
        let snoozeUntil: Int64? = row["snooze_until_usec"]
        return DoseEvent(kind: kind, dose: dose, at: Instant(usec: row["at_usec"]), source: source,
                         snoozeUntil: snoozeUntil.map(Instant.init(usec:)), reason: row["reason"], note: row["note"])
    }
}
