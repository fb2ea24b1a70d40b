import MeddControl
import MeddCore

/// One dose from the daemon (the IDL's `Dose`), as medctl shows it.
struct DoseRow {
    var id: String
    var medication: String
    var name: String
    var dose: String
    var scheduled: Instant
    var state: String
    var answeredAt: Instant?
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
    /// A reminder to measure (`measurement` is its kind), not a dose of a medication.
    var isMeasurement: Bool { json["measurement"] != nil }
    /// The object as the daemon sent it, for `--json`.
    var json: JSONValue
    /// The machine and user whose journal recorded the dose, when it was read from the journal.
    var origin: JournalOrigin?

    init?(_ json: JSONValue) {
        guard let value = json.objectValue, let id = value["id"]?.stringValue, let medication = value["medication"]?.stringValue,
              let usec = value["usec"]?.intValue, let state = value["state"]?.stringValue else { return nil }
        self.id = id
        self.medication = medication
        name = value["name"]?.stringValue ?? medication
        if let kind = value["measurement"]?.stringValue.flatMap(MeasurementKind.init(rawValue:)) { name = kind.shownName(name) }
        dose = value["dose"]?.stringValue ?? ""
        scheduled = Instant(usec: Int64(usec))
        self.state = state
        // answeredUsec keeps the microseconds that answeredAt rounds away (a taken at due + 1 h + 0.5 s is late).
        answeredAt = value["answeredUsec"]?.intValue.map { Instant(usec: Int64($0)) }
            ?? value["answeredAt"]?.stringValue.flatMap(Instant.init(iso8601:))
        source = value["source"]?.stringValue
        snoozeUntil = value["snoozeUntil"]?.stringValue.flatMap(Instant.init(iso8601:))
        note = value["note"]?.stringValue
        person = value["person"]?.stringValue
        reminded = value["remind"]?.boolValue ?? true
        readings = value["readings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        unit = value["unit"]?.stringValue ?? ""
        readingsDue = value["readingsDue"]?.intValue
        self.json = json
    }

    static func list(_ value: JSONValue?) throws(ClientError) -> [DoseRow] {
        guard let array = value?.arrayValue else { throw .protocolFailure(path: "", reason: tr("the reply has no list of doses")) }
        return array.compactMap(DoseRow.init)
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
