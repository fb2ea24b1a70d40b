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

extension DayFilter {
    /// ` on mon, fri`, ` every 2 days`, ` 21 days on, 7 off`; empty for every day.
    var summary: String {
        var parts: [String] = []
        if let weekdays { parts.append("on " + Weekday.allCases.filter(weekdays.contains).map(\.rawValue).joined(separator: ", ")) }
        if let everyDays { parts.append("every \(everyDays) days") }
        if let cycle { parts.append("\(cycle.on) days on, \(cycle.off) off") }
        return parts.isEmpty ? "" : " " + parts.joined(separator: "; ")
    }
}

/// `cycle = { on = N, off = M }`: N days on, M days off, counted from the medication's start.
public struct Cycle: Hashable, Sendable {
    public var on: Int
    public var off: Int

    public init(on: Int, off: Int) {
        self.on = on
        self.off = off
    }

    fileprivate func isOn(daysSinceStart: Int64) -> Bool {
        daysSinceStart % Int64(on + off) < Int64(on)
    }
}
