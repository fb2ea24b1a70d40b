import MeddCore
import SQLite

/// A `DoseEvent` as one row of the `event` table.
enum EventRow {
    static let columns = "kind, dose_id, medication, name, dose_text, scheduled_usec, utc_offset, at_usec, source, snooze_until_usec, "
        + "reason, note, answer, measurement, value, unit, target, reading, stock"
    private static let columnNames = columns.split(separator: ",").map { String($0.drop { $0 == " " }) }

    static func insert(_ event: DoseEvent, into connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        let reading = event.reading
        let refill = event.refill
        try connection.run("INSERT INTO event (\(columns)) VALUES (\(columnNames.map { _ in "?" }.joined(separator: ", ")))", [
            .text(event.kind.rawValue), .text(event.dose.id.description), .text(event.dose.medication),
            .text(event.dose.name), .text(event.dose.doseText), .integer(event.dose.scheduled.usec),
            SQLiteValue(event.dose.utcOffset), .integer(event.at.usec), .text(event.source.rawValue),
            SQLiteValue(event.snoozeUntil?.usec), SQLiteValue(event.reason), SQLiteValue(event.note),
            SQLiteValue(event.answer?.rawValue), SQLiteValue(event.dose.measurement?.rawValue),
            SQLiteValue(reading?.value.description ?? refill?.amount.description), SQLiteValue(reading?.unit),
            SQLiteValue(reading?.target?.description), SQLiteValue(reading?.countText), SQLiteValue(refill?.stock.description),
        ], keep: true)
        return connection.lastInsertedRowID
    }

    /// The event columns in the order `decode` reads them, from an `event` table aliased `e`.
    static let selection = selection(having: Set(columnNames))
    static let columnCount = Int32(columnNames.count)

    /// `selection` for a ledger from an older medd that lacks some columns (a file being checked before
    /// medd migrates it): NULL in place of each column not in `existing`.
    static func selection(having existing: Set<String>) -> String {
        columnNames.map { existing.contains($0) ? "e." + $0 : "NULL" }.joined(separator: ", ")
    }

    /// Decodes a row that starts with `selection`. Nil for a row this version cannot read.
    static func decode(_ row: SQLiteRow) -> DoseEvent? {
        guard let kind = EventKind(rawValue: row.text(0)), let id = DoseID(parsing: row.text(1)),
              let source = EventSource(rawValue: row.text(8)) else { return nil }
        let measurement = row.optionalText(13).map(MeasurementKind.init(rawValue:))
        guard measurement.map({ $0 != nil }) ?? true else { return nil }
        var reading: Reading?
        if kind == .measured, let value = row.optionalText(14) {
            guard let measurement = measurement ?? nil, let unit = row.optionalText(15),
                  let recorded = Reading(recorded: value, unit: unit, target: row.optionalText(16), count: row.optionalText(17), kind: measurement)
            else { return nil }
            reading = recorded
        } else if kind == .measured, measurement == nil {
            return nil
        }
        var refill: Refill?
        if kind == .refilled {
            guard measurement == nil, let amount = row.optionalText(14), let stock = row.optionalText(18),
                  let recorded = Refill(recorded: amount, stock: stock) else { return nil }
            refill = recorded
        }
        let dose = Dose(id: id, name: row.text(3), doseText: row.text(4), scheduled: Instant(usec: row.integer(5)),
                        utcOffset: Int(row.integer(6)), measurement: measurement ?? nil)
        return DoseEvent(kind: kind, dose: dose, at: Instant(usec: row.integer(7)), source: source,
                         snoozeUntil: row.optionalInteger(9).map(Instant.init(usec:)), reason: row.optionalText(10),
                         note: row.optionalText(11), answer: row.optionalText(12).flatMap(EventKind.init(rawValue:)), reading: reading,
                         refill: refill)
    }
}
