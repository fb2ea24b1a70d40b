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
    public var stock: Int? = nil
    public var perDose: Int = 1
    public var refillAt: Int? = nil

    public init(id: String, name: String, dose: String, schedule: Schedule) {
        self.id = id
        self.name = name
        self.dose = dose
        self.schedule = schedule
    }

    public var isAsNeeded: Bool {
        if case .asNeeded = schedule { return true }
        return false
    }

    func isActive(on date: LocalDate) -> Bool {
        if let start, date < start { return false }
        if let end, date > end { return false }
        return true
    }
}
