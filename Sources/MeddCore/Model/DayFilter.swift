/// Which local days a scheduled medication is taken on; every rule given must hold.
public struct DayFilter: Hashable, Sendable {
    public var weekdays: Set<Weekday>? = nil
    public var everyDays: Int? = nil
    public var cycle: Cycle? = nil

    public init(weekdays: Set<Weekday>? = nil, everyDays: Int? = nil, cycle: Cycle? = nil) {
        self.weekdays = weekdays
        self.everyDays = everyDays
        self.cycle = cycle
    }

    /// `start` anchors `every_days` and `cycle`; the configuration requires it when either is set.
    func includes(_ date: LocalDate, start: LocalDate?) -> Bool {
        if let weekdays, !weekdays.contains(date.weekday) { return false }
        let daysSinceStart = start.map { date.dayNumber - $0.dayNumber } ?? date.dayNumber
        if let everyDays, daysSinceStart % Int64(everyDays) != 0 { return false }
        if let cycle, !cycle.isOn(daysSinceStart: daysSinceStart) { return false }
        return true
    }
}
