/// A dose event as the fields of one journal entry, and back.
extension DoseEvent {
    /// The identifier every medd entry carries.
    public static let journalIdentifier = "medd"

    /// The entry's fields in a stable order: `MESSAGE`, `MESSAGE_ID`, `PRIORITY`, `SYSLOG_IDENTIFIER`, then `MEDD_*`.
    /// `MEDD_SNOOZE_UNTIL_USEC` sits beside `MEDD_SNOOZE_UNTIL` so the inverse keeps microseconds.
    /// A re-alert at the end of a snooze carries the snooze fields too: it fires under that snooze ID.
    /// `person` is whom the dose's medication is for (`MEDD_PERSON`, and named in `MESSAGE`); `urgency`, how
    /// urgent an alert's reminder was (`MEDD_URGENCY`).
    public func journalFields(person: Person?, urgency: Urgency? = nil) -> [(String, String)] {
        var fields: [(String, String)] = [
            ("MESSAGE", journalMessage(person: person)),
            ("MESSAGE_ID", kind.messageID),
            ("PRIORITY", String(kind.journalPriority)),
            ("SYSLOG_IDENTIFIER", Self.journalIdentifier),
            ("MEDD_EVENT", kind.rawValue),
            ("MEDD_DOSE_ID", dose.id.description),
        ]
        if let measurement = dose.measurement {
            fields += [("MEDD_MEASURE_ID", dose.medication), ("MEDD_MEASURE_NAME", dose.name), ("MEDD_MEASURE_KIND", measurement.rawValue)]
        } else {
            fields += [("MEDD_MED_ID", dose.medication), ("MEDD_MED_NAME", dose.name), ("MEDD_DOSE", dose.doseText)]
        }
        if let person { fields.append(("MEDD_PERSON", person.id)) }
        fields += [
            ("MEDD_SCHEDULED", dose.scheduledText),
            ("MEDD_SCHEDULED_USEC", String(dose.scheduled.usec)),
            ("MEDD_EVENT_USEC", String(at.usec)),
            ("MEDD_SOURCE", source.rawValue),
        ]
        if let urgency { fields.append(("MEDD_URGENCY", urgency.rawValue)) }
        if kind == .snoozed || kind == .renotified, let snoozeUntil {
            fields.append(("MEDD_SNOOZE_ID", dose.id.snoozeID.description))
            fields.append(("MEDD_SNOOZE_UNTIL", snoozeUntil.format(offsetSeconds: dose.utcOffset)))
            fields.append(("MEDD_SNOOZE_UNTIL_USEC", String(snoozeUntil.usec)))
        }
        if let answer { fields.append(("MEDD_ANSWER", answer.rawValue)) }
        if let reading { fields += reading.journalFields }
        if let refill { fields += refill.journalFields }
        if let reason { fields.append(("MEDD_REASON", reason)) }
        if let note { fields.append(("MEDD_NOTE", note)) }
        return fields
    }

    /// e.g. `Metformin 500 mg due 2026-11-22T08:00:00+01:00 (metformin_20261122_08_00): taken via cli`,
    /// `Mum — Metformin 500 mg due …` for a medication that is for someone; an expiry event names the
    /// medication and its date: `Metformin 500 mg (metformin): expires on 2027-03-01`, a refill the medication
    /// and the amounts: `Metformin 500 mg (metformin): refilled with 30 via cli, 35 on hand`.
    public func journalMessage(person: Person?) -> String {
        let what = Person.title([dose.name, dose.doseText].filter { !$0.isEmpty }.joined(separator: " "), for: person)
        let subject = if kind.isExpiry || kind == .refilled {
            "\(what) (\(dose.medication))"
        } else if kind == .measured, let reading {
            "\(what) \(reading.value)\(reading.unitSuffix) (\(dose.id))"
        } else {
            "\(what) due \(dose.scheduledText) (\(dose.id))"
        }
        var text = "\(subject): \(journalSummary)"
        if let reason { text += "; reason: \(reason)" }
        if let note { text += "; note: \(note)" }
        return text
    }

    private var journalSummary: String {
        switch kind {
        case .fired: return "due now"
        case .renotified: return "reminder repeated"
        case .escalated: return "still open, reminder made critical"
        case .snoozed:
            let until = snoozeUntil.map { " until \($0.format(offsetSeconds: dose.utcOffset))" } ?? ""
            return "snoozed\(until) via \(source.rawValue)"
        case .taken, .skipped: return "\(kind.rawValue) via \(source.rawValue)"
        case .missed: return "missed"
        case .lowStock: return "stock low"
        case .expiring: return "expires on \(dose.id.date)"
        case .expired: return "expired on \(dose.id.date)"
        case .replaced: return "\(answer?.rawValue ?? "answer") via \(source.rawValue) at \(Instant(seconds: at.seconds)), replaced"
        case .refilled:
            guard let refill else { return "refilled via \(source.rawValue)" }
            return "refilled with \(refill.amount) via \(source.rawValue), \(refill.stock) on hand"
        case .measured where reading == nil:
            return "done without a reading at \(Instant(seconds: at.seconds).format(offsetSeconds: dose.utcOffset)) via \(source.rawValue)"
        case .measured:
            var text = "measured at \(Instant(seconds: at.seconds).format(offsetSeconds: dose.utcOffset)) via \(source.rawValue)"
            if let reading, reading.of > 1 { text += ", reading \(reading.countText)" }
            if let reading, reading.isOutsideTarget, let target = reading.target { text += ", outside target \(target)" }
            return text
        }
    }

    /// Rebuilds the event from an entry's fields; nil when a required field is missing, malformed or inconsistent.
    /// Needs `MEDD_EVENT`, `MEDD_DOSE_ID`, `MEDD_MED_NAME` and `MEDD_DOSE` (of a measurement, `MEDD_MEASURE_NAME`
    /// and `MEDD_MEASURE_KIND`), `MEDD_SCHEDULED(_USEC)`, `MEDD_EVENT_USEC` and `MEDD_SOURCE`; a snooze end comes
    /// from `MEDD_SNOOZE_UNTIL_USEC` or `MEDD_SNOOZE_UNTIL`; a reading from `MEDD_VALUE`, `MEDD_UNIT` and `MEDD_READING`;
    /// a refill from `MEDD_AMOUNT` and `MEDD_STOCK`.
    public init?(journalFields fields: [String: String]) {
        let measurement = fields["MEDD_MEASURE_KIND"].map(MeasurementKind.init(rawValue:))
        guard let kind = fields["MEDD_EVENT"].flatMap(EventKind.init(rawValue:)),
              let id = fields["MEDD_DOSE_ID"].flatMap(DoseID.init(parsing:)),
              measurement.map({ $0 != nil }) ?? true,
              let name = measurement != nil ? fields["MEDD_MEASURE_NAME"] : fields["MEDD_MED_NAME"],
              let doseText = measurement != nil ? "" : fields["MEDD_DOSE"],
              let scheduledUsec = fields["MEDD_SCHEDULED_USEC"].flatMap({ Int64($0) }),
              let scheduledText = fields["MEDD_SCHEDULED"], let stated = Self.parseISO8601(scheduledText),
              let atUsec = fields["MEDD_EVENT_USEC"].flatMap({ Int64($0) }),
              let source = fields["MEDD_SOURCE"].flatMap(EventSource.init(rawValue:)) else { return nil }
        // The readable time and the microseconds must name the same second, or the entry is not ours.
        guard stated.instant.usec == Instant(seconds: Instant(usec: scheduledUsec).seconds).usec,
              fields[measurement != nil ? "MEDD_MEASURE_ID" : "MEDD_MED_ID"].map({ $0 == id.medication }) ?? true else { return nil }
        var snoozeUntil: Instant?
        if let usec = fields["MEDD_SNOOZE_UNTIL_USEC"] {
            guard let value = Int64(usec) else { return nil }
            snoozeUntil = Instant(usec: value)
        } else if let text = fields["MEDD_SNOOZE_UNTIL"] {
            guard let parsed = Self.parseISO8601(text) else { return nil }
            snoozeUntil = parsed.instant
        }
        let dose = Dose(id: id, name: name, doseText: doseText, scheduled: Instant(usec: scheduledUsec),
                        utcOffset: stated.offsetSeconds, measurement: measurement ?? nil)
        var reading: Reading?
        if kind == .measured {
            guard let measurement = measurement ?? nil else { return nil }
            if fields["MEDD_VALUE"] != nil {
                guard let parsed = Reading(journalFields: fields, kind: measurement) else { return nil }
                reading = parsed
            }
        }
        var refill: Refill?
        if kind == .refilled {
            guard measurement == nil, let parsed = Refill(journalFields: fields) else { return nil }
            refill = parsed
        }
        // A replaced answer names which it was; nothing else carries one.
        let answer = kind == .replaced ? fields["MEDD_ANSWER"].flatMap(EventKind.init(rawValue:)).flatMap { $0.isFinal ? $0 : nil } : nil
        self.init(kind: kind, dose: dose, at: Instant(usec: atUsec), source: source,
                  snoozeUntil: snoozeUntil, reason: fields["MEDD_REASON"], note: fields["MEDD_NOTE"], answer: answer, reading: reading,
                  refill: refill)
    }

    /// The person label an entry's `MEDD_PERSON` names; nil when it has none or it is not a label.
    public static func person(inJournalFields fields: [String: String]) -> String? {
        fields["MEDD_PERSON"].flatMap { Person.isValidID($0) ? $0 : nil }
    }

    /// Reads exactly what `Instant.format(offsetSeconds:)` writes: `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`).
    static func parseISO8601(_ text: String) -> (instant: Instant, offsetSeconds: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25, bytes[10] == UInt8(ascii: "T"), bytes[16] == UInt8(ascii: ":"),
              let date = LocalDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self)),
              let time = WallTime(parsing: String(decoding: bytes[11..<16], as: UTF8.self)),
              let second = twoDigits(bytes[17..<19]), second < 60 else { return nil }
        let offset: Int
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
            offset = 0
        } else {
            guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                  let hours = twoDigits(bytes[20..<22]), let minutes = twoDigits(bytes[23..<25]),
                  hours < 24, minutes < 60 else { return nil }
            offset = (bytes[19] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        let local = date.dayNumber * 86_400 + Int64(time.minuteOfDay * 60 + second)
        return (Instant(seconds: local - Int64(offset)), offset)
    }

    private static func twoDigits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count == 2, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}
