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

extension DayFilter {
    /// ` on mon, fri`, ` every 2 days`, ` 21 days on, 7 off`; empty for every day.
    var summary: String {
        var parts: [String] = []
        if let weekdays { parts.append("on " + Weekday.allCases.filter(weekdays.contains).map(\.rawValue).joined(separator: ", ")) }
        if let everyDays { parts.append("every \(everyDays) days") }
        if let everyWeeks { parts.append(everyWeeks == 1 ? "every week" : "every \(everyWeeks) weeks") }
        if let everyMonths { parts.append(everyMonths == 1 ? "every month" : "every \(everyMonths) months") }
        if let cycle { parts.append("\(cycle.on) days on, \(cycle.off) off") }
        if let monthdays { parts.append("on the " + Self.monthdayWords(monthdays) + " of the month") }
        return parts.isEmpty ? "" : " " + parts.joined(separator: "; ")
    }

    /// `1st, 15th and last day`, `2nd-to-last day`: days from the start first, then from the end.
    static func monthdayWords(_ days: Set<Int>) -> String {
        let words = days.filter { $0 > 0 }.sorted().map(ordinal)
            + days.filter { $0 < 0 }.sorted(by: >).map { $0 == -1 ? "last" : ordinal(-$0) + "-to-last" }
        let list = words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
        return list + (words.count == 1 ? " day" : " days")
    }

    private static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
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
