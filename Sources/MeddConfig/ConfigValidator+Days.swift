import MeddCore
import TOMLKit

/// The day rules of a scheduled medication: `days`, `every_days`, `cycle` and `monthdays`.
extension ConfigValidator {
    private static let maximumCycleDays = 36_500

    func dayFilter(of table: TOMLTable, at path: ConfigPath) -> DayFilter? {
        let issuesBefore = issues.count
        let weekdays = table["days"].flatMap { readWeekdays($0.tomlValue, at: path.appending("days")) }
        let everyDays = table["every_days"].flatMap { integer($0.tomlValue, at: path.appending("every_days"), in: 1...Int.max) }
        let cycle = table["cycle"].flatMap { readCycle($0.tomlValue, at: path.appending("cycle")) }
        let monthdays = table["monthdays"].flatMap { readMonthdays($0.tomlValue, at: path.appending("monthdays")) }
        if table["every_days"] != nil && table["cycle"] != nil {
            report(path.appending("cycle"), .key, "cannot be combined with every_days; use one of them")
        }
        if table["monthdays"] != nil {
            for key in ["days", "every_days", "cycle"] where table[key] != nil {
                report(path.appending("monthdays"), .key, "cannot be combined with \(key); give the days of the month alone")
            }
        }
        if table["start"] == nil {
            for key in ["every_days", "cycle"] where table[key] != nil {
                report(path.appending(key), .key, "counts days from start; add the first day, e.g. start = \"2026-11-01\"")
            }
        }
        guard issues.count == issuesBefore else { return nil }
        return DayFilter(weekdays: weekdays, everyDays: everyDays, cycle: cycle, monthdays: monthdays)
    }

    /// A non-empty list of distinct days of the month: 1 to 31, or -1 (the last day) to -31.
    private func readMonthdays(_ value: TOMLValue, at path: ConfigPath) -> Set<Int>? {
        let example = "[1, 15, -1]"
        guard let elements = array(value, at: path, expected: "an array of days of the month like \(example)") else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, "is empty; list days of the month like \(example) (-1 is the last day)")
            return nil
        }
        var firstIndex: [Int: Int] = [:]
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let day = element.int else {
                expected("a day of the month like 15 or -1", found: element, at: elementPath)
                continue
            }
            if !DayFilter.isMonthday(day) {
                report(elementPath, .value, "\(day) is not a day of the month; use 1 to 31, or -1 (the last day) to -31")
            } else if let first = firstIndex[day] {
                report(elementPath, .value, "\(day) is listed twice (also at monthdays[\(first)]); list each day once")
            } else {
                firstIndex[day] = offset
            }
        }
        return firstIndex.count == elements.count ? Set(firstIndex.keys) : nil
    }

    private func readWeekdays(_ value: TOMLValue, at path: ConfigPath) -> Set<Weekday>? {
        guard let elements = array(value, at: path, expected: "an array of weekdays like [\"mon\", \"fri\"]") else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, "is empty; list weekdays like [\"mon\", \"fri\"], or leave days out for every day")
            return nil
        }
        let names = Self.list(Weekday.allCases.map(\.rawValue), conjunction: "or")
        var weekdays: Set<Weekday> = []
        var valid = true
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let name = string(element, at: elementPath, expected: "a weekday like \"mon\"") else {
                valid = false
                continue
            }
            guard let weekday = Weekday(rawValue: name) else {
                report(elementPath, .value, "\(Self.quoted(name)) is not a weekday; use \(names) (lowercase)")
                valid = false
                continue
            }
            weekdays.insert(weekday)
        }
        return valid ? weekdays : nil
    }

    /// `{ on = N, off = M }`, both required.
    private func readCycle(_ value: TOMLValue, at path: ConfigPath) -> Cycle? {
        guard let table = table(value, at: path, expected: "a table like { on = 21, off = 7 }") else { return nil }
        checkKeys(of: table, at: path, known: Keys.cycle)
        for key in Keys.cycle where table[key] == nil && !misspells(key, in: table, known: Keys.cycle) {
            report(path, .key, "missing required key \"\(key)\"; write e.g. cycle = { on = 21, off = 7 }")
        }
        // The upper bound only keeps `on + off` far from overflowing.
        let on = table["on"].flatMap { integer($0.tomlValue, at: path.appending("on"), in: 1...Self.maximumCycleDays) }
        let off = table["off"].flatMap { integer($0.tomlValue, at: path.appending("off"), in: 0...Self.maximumCycleDays) }
        guard let on, let off else { return nil }
        return Cycle(on: on, off: off)
    }
}
