import MeddControl
import MeddCore

/// One dose from the daemon (the IDL's `Dose`), as medctl shows it.
struct DoseRow {
    var id: String
    var medication: String
    var name: String
    var dose: String
    var scheduled: Instant
    /// `scheduled` as the daemon wrote it: ISO 8601 in the dose's own offset.
    var scheduledText: String
    var state: String
    var answeredAt: Instant?
    /// `answeredAt` as the daemon wrote it, when answered.
    var answeredText: String?
    var source: String?
    var snoozeUntil: Instant?
    var note: String?
    /// Whom the dose's medication is for: its person label.
    var person: String?
    /// false when its medication has `remind = false`: recorded, never shown nor rung.
    var reminded: Bool
    /// A reminder to measure: the values of its readings so far, their unit, and how many it asks for.
    var readings: [String] = []
    var unit: String = ""
    var readingsDue: Int?
    /// A reminder to measure (`measurement` names its kind), not a dose of a medication.
    var isMeasurement: Bool
    /// The object as the daemon sent it, for `--json`.
    var json: JSONValue
    /// The machine and user whose journal recorded the dose, when it was read from the journal.
    var origin: JournalOrigin?

    /// Read in one pass over the members (a history of years is a hundred thousand of them): a look-up by
    /// key for each would hash every key again.
    init?(_ json: JSONValue) {
        guard let object = json.objectValue else { return nil }
        var id: String?, medication: String?, usec: Int?, state: String?, name: String?, kind: MeasurementKind?
        var answeredUsec: Int?
        dose = ""
        scheduledText = ""
        reminded = true
        isMeasurement = false
        for (key, value) in object {
            switch key {
            case "id": id = value.stringValue
            case "medication": medication = value.stringValue
            case "usec": usec = value.intValue
            case "state": state = value.stringValue
            case "name": name = value.stringValue
            case "measurement":
                isMeasurement = true
                kind = value.stringValue.flatMap(MeasurementKind.init(rawValue:))
            case "dose": dose = value.stringValue ?? ""
            case "answeredUsec": answeredUsec = value.intValue
            case "answeredAt": answeredText = value.stringValue
            case "scheduled": scheduledText = value.stringValue ?? ""
            case "source": source = value.stringValue
            case "snoozeUntil": snoozeUntil = value.stringValue.flatMap(Instant.init(iso8601:))
            case "note": note = value.stringValue
            case "person": person = value.stringValue
            case "remind": reminded = value.boolValue ?? true
            case "readings": readings = value.arrayValue?.compactMap(\.stringValue) ?? []
            case "unit": unit = value.stringValue ?? ""
            case "readingsDue": readingsDue = value.intValue
            default: break
            }
        }
        guard let id, let medication, let usec, let state else { return nil }
        self.id = id
        self.medication = medication
        self.name = kind.map { $0.shownName(name ?? medication) } ?? name ?? medication
        scheduled = Instant(usec: Int64(usec))
        self.state = state
        // answeredUsec keeps the microseconds that answeredAt rounds away (a taken at due + 1 h + 0.5 s is late).
        answeredAt = answeredUsec.map { Instant(usec: Int64($0)) } ?? answeredText.flatMap(Instant.init(iso8601:))
        self.json = json
    }

    static func list(_ value: JSONValue?, where isWanted: (DoseRow) -> Bool = { _ in true }) throws(ClientError) -> [DoseRow] {
        guard let array = value?.arrayValue else { throw .protocolFailure(path: "", reason: tr("the reply has no list of doses")) }
        var rows: [DoseRow] = []
        rows.reserveCapacity(array.count)
        for element in array {
            if let row = DoseRow(element), isWanted(row) { rows.append(row) }
        }
        return rows
    }

    /// Nil for a state this medctl does not know (a newer daemon): shown as sent, neither open nor final.
    var knownState: DoseState? { DoseState(rawValue: state) }
    var isFinal: Bool { knownState?.isFinal ?? false }
    var isOpen: Bool { knownState?.isOpen ?? false }

    /// What happened, for the last column: `taken 08:03 (desktop)`, `snoozed until 08:40`.
    func outcome(today: LocalDate) -> String {
        switch state {
        case "snoozed":
            // TRANSLATORS: a snoozed dose comes back at %1$s (a time).
            return snoozeUntil.map { tr("until %1$s", LocalTimeText.short($0, today: today)) } ?? ""
        case _ where !readings.isEmpty:
            let values = readings.map { ReadingText.value($0, unit: unit) }.joined(separator: ", ")
            let time = answeredAt.map { LocalTimeText.short($0, today: today) } ?? ""
            if state == "measured" {
                var text = source.map { tr("%1$s via %2$s", time, $0) } ?? time
                if let note, !note.isEmpty { text += " — \(note)" }
                return values + " " + text
            }
            // TRANSLATORS: a reminder to measure that has some of its readings: %1$d recorded of %2$d, then the values.
            return tr("%1$d of %2$d: %3$s", String(readings.count), String(readingsDue ?? readings.count), values)
        case "taken", "skipped", "measured":
            let time = answeredAt.map { LocalTimeText.short($0, today: today) } ?? ""
            // TRANSLATORS: when a dose was answered (%1$s, a time) and how (%2$s: desktop, medctl, sync).
            var text = source.map { tr("%1$s via %2$s", time, $0) } ?? time
            if let note, !note.isEmpty { text += " — \(note)" }
            return text
        default:
            return ""
        }
    }
}
