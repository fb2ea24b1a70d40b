import MeddCore
import SQLite

/// A `DoseEvent` as one row of the `event` table.
enum EventRow {
    static let columns = "kind, dose_id, medication, name, dose_text, scheduled_usec, utc_offset, at_usec, source, snooze_until_usec, reason, note, answer"

    static func insert(_ event: DoseEvent, into connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        try connection.run("INSERT INTO event (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            .text(event.kind.rawValue), .text(event.dose.id.description), .text(event.dose.medication),
            .text(event.dose.name), .text(event.dose.doseText), .integer(event.dose.scheduled.usec),
            SQLiteValue(event.dose.utcOffset), .integer(event.at.usec), .text(event.source.rawValue),
            SQLiteValue(event.snoozeUntil?.usec), SQLiteValue(event.reason), SQLiteValue(event.note),
            SQLiteValue(event.answer?.rawValue),
        ], keep: true)
        return connection.lastInsertedRowID
    }

    /// The event columns in the order `decode` reads them, from an `event` table aliased `e`.
    static let selection = columns.split(separator: ",").map { "e." + $0.drop { $0 == " " } }.joined(separator: ", ")
    static let columnCount: Int32 = 13

    /// `selection` for a ledger from before v6, which has no `answer` column (a file being checked
    /// before medd migrates it): NULL in its place.
    static let selectionBeforeReplacedAnswers = selection.split(separator: ",").dropLast().joined(separator: ",") + ", NULL"

    /// Decodes a row that starts with `selection`. Nil for a row this version cannot read.
    static func decode(_ row: SQLiteRow) -> DoseEvent? {
        guard let kind = EventKind(rawValue: row.text(0)), let id = DoseID(parsing: row.text(1)),
              let source = EventSource(rawValue: row.text(8)) else { return nil }
        let dose = Dose(id: id, name: row.text(3), doseText: row.text(4), scheduled: Instant(usec: row.integer(5)),
                        utcOffset: Int(row.integer(6)))
        return DoseEvent(kind: kind, dose: dose, at: Instant(usec: row.integer(7)), source: source,
                         snoozeUntil: row.optionalInteger(9).map(Instant.init(usec:)), reason: row.optionalText(10),
                         note: row.optionalText(11), answer: row.optionalText(12).flatMap(EventKind.init(rawValue:)))
    }
}
