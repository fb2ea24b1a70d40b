import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl measure`: record a reading of a measurement.
struct MeasureCommand: Verb {
    static let name = "measure"
    static var abstract: String { tr("Record a reading of a measurement (blood pressure, glucose, weight, …).") }
    static var discussion: String {
        tr("""
            VALUE is what the measurement's kind takes: blood_pressure SYS/DIA or SYS/DIA/PULSE in mmHg (132/84/71); \
            glucose, weight, temperature and number a decimal in the measurement's unit (5.6; the decimal comma of \
            your locale, 5,6, too); heart_rate beats per minute; spo2 a percentage; scale a whole number from 0 to 10. \
            A value outside the range a real reading has is refused with that range; one outside the measurement's \
            target is recorded and flagged. The reading answers the measurement's reminder that is open (or due within \
            early); with readings = 2 the reminder stays open until the second reading, taken a minute after the first. \
            --at WHEN is HH:MM (today, local time) or an ISO 8601 instant, never in the future; default now. \
            --json prints the daemon's reply, {"reading": {...}, "dose": {...}, "remaining": N}.
            """)
    }
    static var options: [OptionSpec] {
        [
            .value("at", "WHEN", tr("When it was taken (default: now).")),
            .value("note", "TEXT", tr("A note kept with the reading.")),
        ]
    }
    static var operand: OperandSpec? {
        .idAndValue("ID VALUE", help: tr("The measurement's ID from the configuration, and the reading (132/84/71, 5.6)."))
    }

    let global: GlobalOptions
    let measurement: String
    let value: String
    let at: When?
    let note: String?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        // TRANSLATORS: ID and VALUE are typed as they are; 132/84/71 an example reading.
        (measurement, value) = try arguments.idAndValue(tr("name a measurement and its reading, like: medctl measure bp 132/84/71"))
        at = try arguments.value("at")
        note = arguments.string("note")
    }

    func run() throws {
        var parameters: [String: JSONValue] = ["measurement": .string(measurement), "value": .string(value)]
        if let at { parameters["at"] = .string(at.iso()) }
        if let note { parameters["note"] = .string(note) }
        let reply = try global.connect().call("Measure", parameters)
        if global.json { return Output.json(.object(reply)) }
        Output.line(Self.line(reply))
    }

    /// `measured: Blood pressure 132/84/71 mmHg (bp_20261128_07_30)`, with what is flagged and what is still due.
    static func line(_ reply: [String: JSONValue]) -> String {
        let style = Style.current
        guard let reading = reply["reading"]?.objectValue, let value = reading["value"]?.stringValue else {
            return StateName.styledDose("measured", style: style)
        }
        let dose = reply["dose"].flatMap(DoseRow.init)
        let unit = reading["unit"]?.stringValue ?? ""
        let shown = ReadingText.value(value, unit: unit)
        // TRANSLATORS: %1$s is the state (measured), %2$s the measurement's name, %3$s the reading with its unit, %4$s the ID
        // of the reminder it answered (or its own).
        var text = tr("%1$s: %2$s %3$s (%4$s)", StateName.styledDose("measured", style: style), style.bold(dose?.name ?? ""),
                      shown, reading["dose"]?.stringValue ?? "")
        if reading["inTarget"]?.boolValue == false, let target = reading["target"]?.stringValue {
            // TRANSLATORS: after a reading outside its target; %1$s is the target (135/85, 4-7).
            text += "; " + style.state("missed", shownAs: tr("outside the target %1$s", target))
        }
        if let remaining = reply["remaining"]?.intValue, remaining > 0 {
            // TRANSLATORS: after a reading when its reminder asks for more; %1$d is how many more.
            text += "\n" + trn("%1$d more reading due, a minute after this one", "%1$d more readings due, a minute apart",
                               count: remaining, String(remaining))
        }
        return text
    }
}
