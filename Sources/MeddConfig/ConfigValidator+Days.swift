import MeddCore

/// The day rules of a scheduled medication: `days`, `every_days`, `cycle`, `monthdays`, `every_weeks` and
/// `every_months`.
extension ConfigValidator {
    private static let maximumCycleDays = 36_500

    func dayFilter(of table: TOMLTable, at path: ConfigPath) -> DayFilter? {
        let issuesBefore = issues.count
        let weekdays = table["days"].flatMap { readWeekdays($0, at: path.appending("days")) }
        let everyDays = table["every_days"].flatMap { integer($0, at: path.appending("every_days"), in: 1...Int.max) }
        let cycle = table["cycle"].flatMap { readCycle($0, at: path.appending("cycle")) }
        let monthdays = table["monthdays"].flatMap { readMonthdays($0, at: path.appending("monthdays")) }
        let everyWeeks = table["every_weeks"].flatMap { integer($0, at: path.appending("every_weeks"), in: 1...Self.maximumCycleDays) }
        let everyMonths = table["every_months"].flatMap { integer($0, at: path.appending("every_months"), in: 1...Self.maximumCycleDays) }
        if table["every_days"] != nil && table["cycle"] != nil {
            // TRANSLATORS: %1$s is a key of the configuration file, never translated.
            report(path.appending("cycle"), .key, Translatable("cannot be combined with %1$s; use one of them", "every_days"))
        }
        // every_weeks goes with days, every_months with monthdays; each counts on its own.
        for (key, others) in [("every_weeks", ["every_days", "cycle", "monthdays", "every_months"]), ("every_months", ["days", "every_days", "cycle"])]
        where table[key] != nil {
            for other in others where table[other] != nil {
                report(path.appending(key), .key, Translatable("cannot be combined with %1$s; use one of them", other))
            }
        }
        if table["monthdays"] != nil {
            for key in ["days", "every_days", "cycle"] where table[key] != nil {
                report(path.appending("monthdays"), .key, Translatable("cannot be combined with %1$s; give the days of the month alone", key))
            }
        }
        if table["start"] == nil {
            for key in ["every_days", "cycle"] where table[key] != nil {
                // TRANSLATORS: %1$s is the key start, %2$s an example of it; never translated.
                report(path.appending(key), .key, Translatable("counts days from %1$s; add the first day, e.g. %2$s", "start", "start = \"2026-11-01\""))
            }
            if table["every_weeks"] != nil {
                // TRANSLATORS: %1$s is the key start, %2$s an example of it; never translated.
                report(path.appending("every_weeks"), .key, Translatable("counts weeks from %1$s; add the first day, e.g. %2$s",
                                                                         "start", "start = \"2026-11-02\""))
            }
            if table["every_months"] != nil {
                // TRANSLATORS: %1$s is the key start, %2$s an example of it; never translated.
                report(path.appending("every_months"), .key, Translatable("counts months from %1$s; add the first day, e.g. %2$s",
                                                                          "start", "start = \"2026-11-01\""))
            }
        }
        guard issues.count == issuesBefore else { return nil }
        return DayFilter(weekdays: weekdays, everyDays: everyDays, cycle: cycle, monthdays: monthdays, everyWeeks: everyWeeks,
                         everyMonths: everyMonths)
    }

    /// A non-empty list of distinct days of the month: 1 to 31, or -1 (the last day) to -31.
    private func readMonthdays(_ value: TOMLValue, at path: ConfigPath) -> Set<Int>? {
        let example = "[1, 15, -1]"
        guard let elements = array(value, at: path, expected: Translatable("an array of days of the month like %1$s", example)) else { return nil }
        guard !elements.isEmpty else {
            // TRANSLATORS: %1$s is an example like [1, 15, -1]; %2$s is -1.
            report(path, .value, Translatable("is empty; list days of the month like %1$s (%2$s is the last day)", example, "-1"))
            return nil
        }
        var firstIndex: [Int: Int] = [:]
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let day = element.int else {
                expected(Translatable("a day of the month like %1$s or %2$s", "15", "-1"), found: element, at: elementPath)
                continue
            }
            if !DayFilter.isMonthday(day) {
                // TRANSLATORS: %1$d is the number written; %2$s to %3$s are the days 1 to 31, %4$s to %5$s -1 to -31.
                report(elementPath, .value, Translatable("%1$d is not a day of the month; use %2$s to %3$s, or %4$s (the last day) to %5$s",
                                                         String(day), "1", "31", "-1", "-31"))
            } else if let first = firstIndex[day] {
                // TRANSLATORS: %1$d is the day written, %2$s where it was written first, like monthdays[0].
                report(elementPath, .value, Translatable("%1$d is listed twice (also at %2$s); list each day once", String(day), "monthdays[\(first)]"))
            } else {
                firstIndex[day] = offset
            }
        }
        return firstIndex.count == elements.count ? Set(firstIndex.keys) : nil
    }

    private func readWeekdays(_ value: TOMLValue, at path: ConfigPath) -> Set<Weekday>? {
        let example = "[\"mon\", \"fri\"]"
        guard let elements = array(value, at: path, expected: Translatable("an array of weekdays like %1$s", example)) else { return nil }
        guard !elements.isEmpty else {
            // TRANSLATORS: %1$s is an example like ["mon", "fri"]; %2$s is the key days.
            report(path, .value, Translatable("is empty; list weekdays like %1$s, or leave %2$s out for every day", example, "days"))
            return nil
        }
        let names = Self.alternatives(Weekday.allCases.map(\.rawValue))
        var weekdays: Set<Weekday> = []
        var valid = true
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let name = string(element, at: elementPath, expected: Translatable("a weekday like %1$s", "\"mon\"")) else {
                valid = false
                continue
            }
            guard let weekday = Weekday(rawValue: name) else {
                // TRANSLATORS: %1$s is the value written, %2$s the weekdays as the configuration writes them (mon, tue, …).
                report(elementPath, .value, Translatable("%1$s is not a weekday; use %2$s (lowercase)", Self.quoted(name), names))
                valid = false
                continue
            }
            weekdays.insert(weekday)
        }
        return valid ? weekdays : nil
    }

    /// `{ on = N, off = M }`, both required.
    private func readCycle(_ value: TOMLValue, at path: ConfigPath) -> Cycle? {
        guard let table = table(value, at: path, expected: Translatable("a table like %1$s", "{ on = 21, off = 7 }")) else { return nil }
        checkKeys(of: table, at: path, known: Keys.cycle)
        for key in Keys.cycle where table[key] == nil && !misspells(key, in: table, known: Keys.cycle) {
            // TRANSLATORS: %1$s is the missing key, %2$s an example of the whole setting.
            report(path, .key, Translatable("missing required key %1$s; write e.g. %2$s", "\"\(key)\"", "cycle = { on = 21, off = 7 }"))
        }
        // The upper bound only keeps `on + off` far from overflowing.
        let on = table["on"].flatMap { integer($0, at: path.appending("on"), in: 1...Self.maximumCycleDays) }
        let off = table["off"].flatMap { integer($0, at: path.appending("off"), in: 0...Self.maximumCycleDays) }
        guard let on, let off else { return nil }
        return Cycle(on: on, off: off)
    }
}
