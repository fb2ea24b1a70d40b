import MeddCore
import TOMLKit

/// A medication's schedule: fixed times, an interval, or as needed.
extension ConfigValidator {
    /// The schedule; the doses of `times` entries that have their own go to `timeAmounts`.
    func schedule(of table: TOMLTable, at path: ConfigPath, timeAmounts: inout [WallTime: DoseAmount]) -> Schedule? {
        let has = { (key: String) in table[key] != nil }
        var asNeeded: Bool? = false
        if let value = table["as_needed"]?.tomlValue { asNeeded = bool(value, at: path.appending("as_needed")) }
        let minInterval = table["min_interval"].flatMap {
            positiveDuration($0.tomlValue, at: path.appending("min_interval"), example: "4h")
        }
        let maxPerDay = table["max_per_day"].flatMap { integer($0.tomlValue, at: path.appending("max_per_day"), in: 1...Int.max) }

        if asNeeded == true {
            for key in Keys.schedule + ["from", "until"] where has(key) {
                report(path.appending(key), .key, "as_needed = true takes no schedule; remove \(key) or set as_needed = false")
            }
            return .asNeeded(minInterval: minInterval, maxPerDay: maxPerDay)
        }
        if asNeeded == false {
            for key in ["min_interval", "max_per_day"] where has(key) {
                report(path.appending(key), .key, "only applies to as-needed medications; add as_needed = true or remove \(key)")
            }
        }

        let issuesBefore = issues.count
        let filter = dayFilter(of: table, at: path)
        let times = table["times"].flatMap { readTimes($0.tomlValue, at: path.appending("times")) }
        timeAmounts = times?.amounts ?? [:]
        let every = table["every"].flatMap { readEvery($0.tomlValue, at: path.appending("every")) }
        let afterTaken = table["after_taken"].flatMap { readEvery($0.tomlValue, at: path.appending("after_taken")) }
        let from = table["from"].flatMap { wallTime($0.tomlValue, at: path.appending("from")) }
        let until = table["until"].flatMap { wallTime($0.tomlValue, at: path.appending("until")) }
        if has("times") && has("every") {
            report(path.appending("every"), .key, "cannot be combined with times; give either fixed times or an interval")
        }
        for other in ["times", "every"] where has("after_taken") && has(other) {
            report(path.appending("after_taken"), .key, "cannot be combined with \(other); the doses after the first follow the answers instead")
        }
        if !has("every") && !has("after_taken") {
            for key in ["from", "until"] where has(key) {
                report(path.appending(key), .key, "only applies together with every or after_taken; add e.g. every = \"6h\" or remove \(key)")
            }
        }
        let window = has("after_taken") ? Self.afterTakenWindow : Self.everyWindow
        if let from = from ?? window.from, let until = until ?? window.until, until < from, has("from") || has("until") {
            let written = has("until") ? "\"\(until)\"" : "the default \"\(until)\""
            report(path.appending(has("until") ? "until" : "from"), .value,
                   "\(written) is earlier than from \"\(from)\"; the doses run from `from` to `until` within one day")
        }
        let misspeltSchedule = ["times", "every", "after_taken", "as_needed"].contains { misspells($0, in: table, known: Keys.medication) }
        if asNeeded == false && !has("times") && !has("every") && !has("after_taken") && !misspeltSchedule {
            report(path, .key, "has no schedule; add times = [\"08:00\"], every = \"6h\", after_taken = \"8h\" or as_needed = true")
        }

        guard issues.count == issuesBefore, let filter else { return nil }
        if let times { return .times(times.times, filter) }
        if let every, let dayStart = Self.everyWindow.from, let dayEnd = Self.everyWindow.until {
            return .interval(every: every, from: from ?? dayStart, until: until ?? dayEnd, filter)
        }
        if let afterTaken, let first = Self.afterTakenWindow.from, let last = Self.afterTakenWindow.until {
            return .afterTaken(interval: afterTaken, from: from ?? first, until: until ?? last, filter)
        }
        return nil
    }

    /// The default `from` and `until` of `every`: the whole day.
    private static let everyWindow = (from: WallTime(minuteOfDay: 0), until: WallTime(minuteOfDay: 1439))
    /// The default `from` and `until` of `after_taken`: the waking day.
    private static let afterTakenWindow = (from: WallTime(hour: 8, minute: 0), until: WallTime(hour: 22, minute: 0))

    /// A non-empty list of distinct times, each `HH:MM` or `{ at = "HH:MM", dose = "…", per_dose = N }`.
    func readTimes(_ value: TOMLValue, at path: ConfigPath) -> (times: [WallTime], amounts: [WallTime: DoseAmount])? {
        guard let elements = array(value, at: path, expected: "an array of times like [\"08:00\", \"20:00\"]") else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, "is empty; list at least one time, e.g. [\"08:00\"]")
            return nil
        }
        var firstIndex: [WallTime: Int] = [:]
        var times: [WallTime] = []
        var amounts: [WallTime: DoseAmount] = [:]
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let (time, amount) = timeEntry(element, at: elementPath) else { continue }
            if let first = firstIndex[time] {
                report(elementPath, .value, "\"\(time)\" is listed twice (also at times[\(first)]); list each time once")
            } else {
                firstIndex[time] = offset
                times.append(time)
                if amount != DoseAmount() { amounts[time] = amount }
            }
        }
        return times.count == elements.count ? (times, amounts) : nil
    }

    /// One entry of `times`: a time, or a table giving the time (`at`) and the dose it has of its own.
    private func timeEntry(_ value: TOMLValue, at path: ConfigPath) -> (WallTime, DoseAmount)? {
        guard value.type == .table else { return wallTime(value, at: path).map { ($0, DoseAmount()) } }
        guard let table = table(value, at: path, expected: "a time table like { at = \"20:00\", dose = \"2 tablets\" }") else {
            return nil
        }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.timeEntry)
        let amount = doseAmount(in: table, at: path)
        var time: WallTime? = nil
        if let at = table["at"]?.tomlValue {
            time = wallTime(at, at: path.appending("at"))
        } else if !misspells("at", in: table, known: Keys.timeEntry) {
            report(path, .key, "missing required key \"at\"; add the time, e.g. { at = \"20:00\", dose = \"2 tablets\" }")
        }
        guard issues.count == issuesBefore, let time else { return nil }
        return (time, amount)
    }

    /// The `dose` and `per_dose` a table gives of its own (a `times` entry, a step), each optional.
    func doseAmount(in table: TOMLTable, at path: ConfigPath) -> DoseAmount {
        DoseAmount(dose: table["dose"].flatMap { text($0.tomlValue, at: path.appending("dose"), example: "dose = \"2 tablets\"") },
                   perDose: table["per_dose"].flatMap { integer($0.tomlValue, at: path.appending("per_dose"), in: 1...Int.max) })
    }

    /// A whole number of minutes from 1m to 24h (`every`, `after_taken`).
    private func readEvery(_ value: TOMLValue, at path: ConfigPath) -> TimeSpan? {
        guard let span = duration(value, at: path) else { return nil }
        let written = Self.quoted(value.string ?? span.description)
        if span < .minutes(1) {
            report(path, .value, "\(written) is too short; use 1m or more")
        } else if span > .hours(24) {
            report(path, .value, "\(written) is longer than 24h; for doses days apart use times with every_days")
        } else if span.seconds % 60 != 0 {
            report(path, .value, "\(written) is not a whole number of minutes; use e.g. \"90m\" or \"2h\"")
        } else {
            return span
        }
        return nil
    }
}
