/// One `[medication.ID]` table, validated.
public struct Medication: Hashable, Sendable {
    public var id: String
    public var name: String
    public var dose: String
    public var schedule: Schedule
    public var start: LocalDate? = nil
    public var end: LocalDate? = nil
    public var timezone: ZoneChoice? = nil
    public var notes: String? = nil
    public var paused: Bool = false
    /// `paused_until`: no doses before this day; they resume on it.
    public var pausedUntil: LocalDate? = nil
    public var stock: Quantity? = nil
    public var perDose: Quantity = .one
    public var refillAt: Quantity? = nil
    /// Dose text and units of particular times of `times`, where they differ from `dose` and `per_dose`.
    public var timeAmounts: [WallTime: DoseAmount] = [:]
    /// The tapering steps, ascending by `from`, no two on one date.
    public var steps: [DoseStep] = []
    /// The `person` label: whom the medication is for.
    public var person: String? = nil
    /// The day the medication on hand expires: `expiring` warns `expiry_warning` before, `expired` on the day.
    public var expires: LocalDate? = nil
    /// Its own `alert`, `escalate_after` and `sound`, where they differ from `[settings]`.
    public var alert = AlertStyle.Choices()
    /// `remind = false`: its doses are planned, recorded and missed as usual, but never shown nor rung.
    public var remind = true
    /// Set on the reminders of a `[measurement.ID]` (`Measurement.reminders`): its "doses" are reminders
    /// to measure, answered by readings; they have no stock and never count in adherence.
    public var measures: MeasurementKind? = nil

    public init(id: String, name: String, dose: String, schedule: Schedule) {
        self.id = id
        self.name = name
        self.dose = dose
        self.schedule = schedule
    }

    /// Paused on `date`: for good (`paused = true`), or until a day after it (`paused_until`).
    public func isPaused(on date: LocalDate) -> Bool {
        paused || pausedUntil.map { date < $0 } ?? false
    }

    public var isAsNeeded: Bool {
        if case .asNeeded = schedule { return true }
        return false
    }

    /// Its doses after the first of a day follow the answers (`after_taken`).
    public var isAfterTaken: Bool {
        if case .afterTaken = schedule { return true }
        return false
    }

    func isActive(on date: LocalDate) -> Bool {
        if let start, date < start { return false }
        if let pausedUntil, date < pausedUntil { return false }
        if let end, date > end { return false }
        return true
    }

    /// What applies on `date`: the medication's own values, changed by each step begun by then in turn.
    /// A step's dose or units replace those of every time too; its times replace the times with their doses.
    func regimen(on date: LocalDate) -> Regimen {
        var regimen = Regimen(times: nil, timeAmounts: timeAmounts, dose: dose, perDose: perDose)
        for step in steps {
            guard step.from <= date else { break }
            if let dose = step.amount.dose {
                regimen.dose = dose
                regimen.timeAmounts = regimen.timeAmounts.mapValues { DoseAmount(perDose: $0.perDose) }
            }
            if let perDose = step.amount.perDose {
                regimen.perDose = perDose
                regimen.timeAmounts = regimen.timeAmounts.mapValues { DoseAmount(dose: $0.dose) }
            }
            if let times = step.times {
                regimen.times = times
                regimen.timeAmounts = step.timeAmounts
            }
        }
        return regimen
    }

    /// The nominal times of `date` if its day filter allows it, ascending: the latest step's, else the schedule's.
    func wallTimes(on date: LocalDate) -> [WallTime] {
        steps.isEmpty ? schedule.wallTimes : regimen(on: date).times.map { Set($0).sorted() } ?? schedule.wallTimes
    }

    /// The dose text and units of the dose due (or, as needed, taken) at `time` on `date`.
    public func amount(on date: LocalDate, at time: WallTime) -> (dose: String, perDose: Quantity) {
        let regimen = regimen(on: date)
        let ofTime = regimen.timeAmounts[time]
        return (ofTime?.dose ?? regimen.dose, ofTime?.perDose ?? regimen.perDose)
    }

    /// The values in force on one day.
    struct Regimen {
        /// nil: the schedule's own times.
        var times: [WallTime]?
        var timeAmounts: [WallTime: DoseAmount]
        var dose: String
        var perDose: Quantity
    }
}

/// Validates medication IDs: `[a-z0-9][a-z0-9-]{0,63}`.
public enum MedicationID {
    public static let maximumLength = 64

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, isLowerAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
