import MeddControl
import MeddCore

/// One reading from the daemon (the IDL's `Reading`), as medctl shows, writes and exports it.
struct ReadingRow {
    var measurement: String
    var kind: MeasurementKind
    /// The measurement's name, in the person's language when it is its kind's default.
    var name: String
    var value: String
    var unit: String
    var at: Instant
    /// `at` as the daemon wrote it: ISO 8601 with the measurement zone's offset.
    var atText: String
    var dose: String
    var source: String
    var note: String?
    var target: String?
    var inTarget: Bool?
    var number: Int
    var of: Int
    var person: String?
    /// The object as the daemon sent it, for `--json`.
    var json: JSONValue

    init?(_ value: JSONValue) {
        guard let measurement = value["measurement"]?.stringValue,
              let kind = value["kind"]?.stringValue.flatMap(MeasurementKind.init(rawValue:)),
              let text = value["value"]?.stringValue, let unit = value["unit"]?.stringValue,
              let usec = value["usec"]?.intValue, let atText = value["at"]?.stringValue,
              let dose = value["dose"]?.stringValue, let source = value["source"]?.stringValue else { return nil }
        self.measurement = measurement
        self.kind = kind
        let name = value["name"]?.stringValue ?? kind.defaultName
        self.name = kind.shownName(name)
        self.value = text
        self.unit = unit
        at = Instant(usec: Int64(usec))
        self.atText = atText
        self.dose = dose
        self.source = source
        note = value["note"]?.stringValue
        target = value["target"]?.stringValue
        inTarget = value["inTarget"]?.boolValue
        number = value["number"]?.intValue ?? 1
        of = value["of"]?.intValue ?? 1
        person = value["person"]?.stringValue
        json = value
    }

    /// The parts of a blood pressure reading, or nil.
    var bloodPressure: (systolic: Int, diastolic: Int, pulse: Int?)? {
        guard case .bloodPressure(let systolic, let diastolic, let pulse)? = ReadingValue.parseRecorded(value, kind: kind) else { return nil }
        return (systolic, diastolic, pulse)
    }
}
