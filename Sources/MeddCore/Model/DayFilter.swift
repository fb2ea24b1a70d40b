/// Which local days a scheduled medication is taken on; every rule given must hold.
public struct DayFilter: Hashable, Sendable {
    public var weekdays: Set<Weekday>? = nil
    public var everyDays: Int? = nil
    public var cycle: Cycle? = nil
    /// Days of the month: 1 … 31 count from the first, -1 … -31 back from the last (-1 is the last
    /// day). A day the month lacks is not taken that month.
    public var monthdays: Set<Int>? = nil
    /// Every N weeks counted from the week of `start` (weeks begin on Monday, as iCalendar's do): on
    /// `weekdays`, else on `start`'s weekday.
    public var everyWeeks: Int? = nil
    /// Every N months counted from the month of `start`: on `monthdays`, else on `start`'s day of the month
    /// (a month that lacks that day is skipped).
    public var everyMonths: Int? = nil

    /// The values `monthdays` may hold.
    public static func isMonthday(_ value: Int) -> Bool { (1...31).contains(value) || (-31 ... -1).contains(value) }

    public init(weekdays: Set<Weekday>? = nil, everyDays: Int? = nil, cycle: Cycle? = nil, monthdays: Set<Int>? = nil,
                everyWeeks: Int? = nil, everyMonths: Int? = nil) {
        self.weekdays = weekdays
        self.everyDays = everyDays
        self.cycle = cycle
        self.monthdays = monthdays
        self.everyWeeks = everyWeeks
        self.everyMonths = everyMonths
    }

    /// `start` anchors `every_days`, `cycle`, `every_weeks` and `every_months`; the configuration requires it
    /// when any of them is set.
    func includes(_ date: LocalDate, start: LocalDate?) -> Bool {
        if let weekdays, !weekdays.contains(date.weekday) { return false }
        if let monthdays, !monthdays.contains(date.day), !monthdays.contains(date.day - date.daysInMonth - 1) { return false }
        let daysSinceStart = start.map { date.dayNumber - $0.dayNumber } ?? date.dayNumber
        if let everyDays, daysSinceStart % Int64(everyDays) != 0 { return false }
        if let cycle, !cycle.isOn(daysSinceStart: daysSinceStart) { return false }
        if let everyWeeks, let start {
            if weekdays == nil, date.weekday != start.weekday { return false }
            let weeksSinceStart = (Self.monday(of: date) - Self.monday(of: start)) / 7
            if weeksSinceStart % Int64(everyWeeks) != 0 { return false }
        }
        if let everyMonths, let start {
            if monthdays == nil, date.day != start.day { return false }
            let monthsSinceStart = (date.year - start.year) * 12 + date.month - start.month
            if monthsSinceStart % everyMonths != 0 { return false }
        }
        return true
    }

    /// The day number of the Monday that begins `date`'s week.
    private static func monday(of date: LocalDate) -> Int64 {
        date.dayNumber - Int64(Weekday.allCases.firstIndex(of: date.weekday)!)
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
