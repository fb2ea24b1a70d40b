import MeddControl
import MeddCore

/// Readings as CSV: what `medctl measurements --format csv` writes and `medctl import` reads back. Times are
/// kept whole (`usec`) beside the readable ISO 8601 time, so a reading written, imported and written again
/// is the same line, and a file imported twice adds nothing the second time.
enum ReadingsCSV {
    static let header = ["measurement", "kind", "taken_at", "usec", "value", "unit", "systolic", "diastolic", "pulse",
                         "target", "in_target", "reminder", "reading", "source", "note"]

    static func document(_ readings: [ReadingRow]) -> String {
        CSVText.document(header: header, rows: readings.map { reading in
            let parts = reading.bloodPressure
            return [reading.measurement, reading.kind.rawValue, reading.atText, String(reading.at.usec), reading.value, reading.unit,
                    parts.map { String($0.systolic) } ?? "", parts.map { String($0.diastolic) } ?? "", parts?.pulse.map(String.init) ?? "",
                    reading.target ?? "", reading.inTarget.map { $0 ? "yes" : "no" } ?? "", reading.dose, "\(reading.number)/\(reading.of)",
                    reading.source, reading.note ?? ""]
        })
    }

    /// The longest note an imported reading may carry: every reading must fit in one call to medd.
    static let maximumNoteBytes = 16 * 1024

    /// Why a file is not readings CSV: the line and what is wrong there.
    struct Failure: Error {
        var line: Int
        var message: String
    }

    /// The readings of a CSV file as `ImportReadings` takes them, each with its line; every line is
    /// checked before any is returned.
    static func readings(_ text: String) -> Result<[(line: Int, reading: [String: JSONValue])], Failure> {
        let records: [CSVReader.Record]
        switch CSVReader.records(text) {
        case .success(let parsed): records = parsed
        case .failure(let failure): return .failure(Failure(line: failure.line, message: failure.message))
        }
        guard let first = records.first else { return .failure(Failure(line: 1, message: "the file is empty; it needs the header line \(header.joined(separator: ","))")) }
        guard first.fields == header else {
            return .failure(Failure(line: first.line, message: "the header is not that of medctl measurements --format csv: \(header.joined(separator: ","))"))
        }
        var readings: [(line: Int, reading: [String: JSONValue])] = []
        for record in records.dropFirst() {
            switch reading(record) {
            case .success(let reading): readings.append((record.line, reading))
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(readings)
    }

    private static func reading(_ record: CSVReader.Record) -> Result<[String: JSONValue], Failure> {
        func refuse(_ message: String) -> Result<[String: JSONValue], Failure> { .failure(Failure(line: record.line, message: message)) }
        guard record.fields.count == header.count else {
            return refuse("\(record.fields.count) fields where the header has \(header.count)")
        }
        let field = Dictionary(uniqueKeysWithValues: zip(header, record.fields))
        func cell(_ name: String) -> String { field[name] ?? "" }
        guard MedicationID.isValid(cell("measurement")) else { return refuse("measurement: \(DisplayText.quoted(cell("measurement"))) is not a measurement ID") }
        guard let kind = MeasurementKind(rawValue: cell("kind")) else { return refuse("kind: \(DisplayText.quoted(cell("kind"))) is not a kind of measurement") }
        guard let usec = Int64(cell("usec")) else { return refuse("usec: \(DisplayText.quoted(cell("usec"))) is not a whole number of microseconds") }
        guard let stated = Instant(iso8601: cell("taken_at")) else { return refuse("taken_at: \(DisplayText.quoted(cell("taken_at"))) is not an ISO 8601 time") }
        guard stated.seconds == Instant(usec: usec).seconds else {
            return refuse("taken_at \(cell("taken_at")) and usec \(usec) name different times")
        }
        guard let value = ReadingValue.parseRecorded(cell("value"), kind: kind) else {
            return refuse("value: \(DisplayText.quoted(cell("value"))) is not a reading of \(kind.rawValue)")
        }
        if case .bloodPressure(let systolic, let diastolic, let pulse) = value {
            let parts = [("systolic", String(systolic)), ("diastolic", String(diastolic)), ("pulse", pulse.map(String.init) ?? "")]
            for (name, expected) in parts where cell(name) != expected {
                return refuse("\(name) \(DisplayText.quoted(cell(name))) does not agree with the value \(cell("value"))")
            }
        } else if !(cell("systolic") + cell("diastolic") + cell("pulse")).isEmpty {
            return refuse("systolic, diastolic and pulse are for blood pressure; leave them empty for \(kind.rawValue)")
        }
        guard let dose = DoseID(parsing: cell("reminder")), dose.medication == cell("measurement") else {
            return refuse("reminder: \(DisplayText.quoted(cell("reminder"))) is not an ID of \(cell("measurement")) (like \(cell("measurement"))_20261122_07_30)")
        }
        guard let count = Reading.parseCount(cell("reading")), count.number <= count.of else {
            return refuse("reading: \(DisplayText.quoted(cell("reading"))) is not which reading of its reminder it is (like 1/2)")
        }
        guard let source = EventSource(rawValue: cell("source")), source != .daemon else {
            return refuse("source: \(DisplayText.quoted(cell("source"))) is not cli, desktop, hook or caldav")
        }
        guard cell("note").utf8.count <= maximumNoteBytes else {
            return refuse("note: longer than \(maximumNoteBytes) bytes")
        }
        var reading: [String: JSONValue] = [
            "measurement": .string(cell("measurement")), "value": .string(value.description), "unit": .string(cell("unit")),
            "usec": .integer(Int(usec)), "dose": .string(dose.description), "number": .integer(count.number), "of": .integer(count.of),
            "source": .string(source.rawValue),
        ]
        if !cell("target").isEmpty { reading["target"] = .string(cell("target")) }
        if !cell("note").isEmpty { reading["note"] = .string(cell("note")) }
        return .success(reading)
    }
}
