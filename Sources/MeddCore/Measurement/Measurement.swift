/// One `[measurement.ID]` table, validated: something a person measures, and when they are reminded to.
public struct Measurement: Hashable, Sendable {
    public var kind: MeasurementKind
    /// The unit its readings are taken in: one of `kind.units`, any text for `number`.
    public var unit: String
    /// How many readings, a minute apart, answer one reminder (`readings`).
    public var readingsPerReminder = 1
    /// The medications whose effect it shows (`for`).
    public var medications: [String] = []
    public var target: MeasurementTarget?
    /// The reminders to measure, planned, fired, snoozed, skipped and missed as a medication's doses
    /// are, by the same planner and book: its ID, name, person, zone and schedule (`as needed` when
    /// the table gives none: readings only, at any time).
    public var reminders: Medication

    public init(id: String, kind: MeasurementKind, name: String? = nil, unit: String? = nil,
                schedule: Schedule = .asNeeded(minInterval: nil, maxPerDay: nil)) {
        self.kind = kind
        self.unit = unit ?? kind.defaultUnit
        reminders = Medication(id: id, name: name ?? kind.defaultName, dose: "", schedule: schedule)
        reminders.measures = kind
    }

    public var id: String { reminders.id }
    public var name: String { reminders.name }
    public var person: String? { reminders.person }
    /// It has reminders to measure; without, readings come whenever the person takes them.
    public var hasReminders: Bool { !reminders.isAsNeeded }

    /// A reading of this measurement, checked against `target`: `number` of `readingsPerReminder`.
    public func reading(_ value: ReadingValue, number: Int = 1, of count: Int? = nil) -> Reading {
        Reading(value: value, unit: unit, target: target, number: number, of: count ?? readingsPerReminder)
    }
}

/// One reading as a `measured` event carries it: the value, the unit it was taken in, the target in
/// force then, and which of its reminder's readings it is.
public struct Reading: Hashable, Sendable {
    public var value: ReadingValue
    public var unit: String
    public var target: MeasurementTarget?
    /// This is reading `number` of the `of` its reminder asks for (`MEDD_READING=1/2`); the last one
    /// answers the reminder.
    public var number: Int
    public var of: Int

    public init(value: ReadingValue, unit: String, target: MeasurementTarget? = nil, number: Int = 1, of: Int = 1) {
        self.value = value
        self.unit = unit
        self.target = target
        self.number = number
        self.of = of
    }

    /// It falls outside the target it was taken against.
    public var isOutsideTarget: Bool { target.map { !$0.contains(value) } ?? false }
    /// It is the last reading its reminder asks for: it answers the reminder.
    public var completes: Bool { number >= of }
    /// `1/2`: `MEDD_READING`.
    public var countText: String { "\(number)/\(of)" }

    /// Reads `MEDD_READING`'s `1/2`.
    public static func parseCount(_ text: String) -> (number: Int, of: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let of = Int(parts[1]), number >= 1, of >= 1,
              of <= Measurement.readingsLimit.upperBound else { return nil }
        return (number, of)
    }
}

extension Measurement {
    /// The values `readings` may take.
    public static let readingsLimit = 1...5
}

/// A reading as journal fields, and back.
extension Reading {
    /// `MEDD_VALUE`, `MEDD_UNIT`, a blood pressure's `MEDD_SYSTOLIC`, `MEDD_DIASTOLIC` and `MEDD_PULSE`,
    /// `MEDD_READING`, and with a target `MEDD_TARGET` and `MEDD_IN_TARGET` (`yes` or `no`).
    public var journalFields: [(String, String)] {
        var fields = [("MEDD_VALUE", value.description), ("MEDD_UNIT", unit)]
        if case .bloodPressure(let systolic, let diastolic, let pulse) = value {
            fields += [("MEDD_SYSTOLIC", String(systolic)), ("MEDD_DIASTOLIC", String(diastolic))]
            if let pulse { fields.append(("MEDD_PULSE", String(pulse))) }
        }
        fields.append(("MEDD_READING", countText))
        if let target { fields += [("MEDD_TARGET", target.description), ("MEDD_IN_TARGET", isOutsideTarget ? "no" : "yes")] }
        return fields
    }

    /// ` mmHg`, ` kg`: the unit after a value; nothing for a unitless `number`.
    public var unitSuffix: String { unit.isEmpty ? "" : " " + unit }

    /// The reading an entry's fields describe; nil when its value is not one of `kind` (ranges are not checked
    /// again: what was recorded stays readable whatever the ranges become).
    public init?(journalFields fields: [String: String], kind: MeasurementKind) {
        guard let value = fields["MEDD_VALUE"], let unit = fields["MEDD_UNIT"] else { return nil }
        self.init(recorded: value, unit: unit, target: fields["MEDD_TARGET"], count: fields["MEDD_READING"], kind: kind)
    }

    /// A reading as it was recorded (in the journal or the ledger): its value, unit, target and `1/2`
    /// as text. Nil for a value that is not one of `kind`; an unreadable target or count is dropped.
    public init?(recorded value: String, unit: String, target: String?, count: String?, kind: MeasurementKind) {
        guard let value = ReadingValue.parseRecorded(value, kind: kind) else { return nil }
        let count = count.flatMap(Reading.parseCount) ?? (1, 1)
        self.init(value: value, unit: unit, target: target.flatMap { try? MeasurementTarget.parse($0, kind: kind).get() },
                  number: count.number, of: count.of)
    }
}
