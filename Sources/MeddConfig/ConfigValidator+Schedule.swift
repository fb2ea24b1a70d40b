import MeddCore

/// A medication's schedule: fixed times, an interval, or as needed.
extension ConfigValidator {
    /// The schedule; the doses of `times` entries that have their own go to `timeAmounts`.
    func schedule(of table: TOMLTable, at path: ConfigPath, timeAmounts: inout [WallTime: DoseAmount]) -> Schedule? {
        let has = { (key: String) in table[key] != nil }
        var asNeeded: Bool? = false
        if let value = table["as_needed"] { asNeeded = bool(value, at: path.appending("as_needed")) }
        let minInterval = table["min_interval"].flatMap {
            positiveDuration($0, at: path.appending("min_interval"), example: "4h")
        }
        let maxPerDay = table["max_per_day"].flatMap { integer($0, at: path.appending("max_per_day"), in: 1...Int.max) }

        if asNeeded == true {
            for key in Keys.schedule + ["from", "until"] where has(key) {
                // TRANSLATORS: %1$s and %3$s are settings, %2$s a key of the configuration file; never translated.
                report(path.appending(key), .key, Translatable("%1$s takes no schedule; remove %2$s or set %3$s", "as_needed = true", key, "as_needed = false"))
            }
            return .asNeeded(minInterval: minInterval, maxPerDay: maxPerDay)
        }
        if asNeeded == false {
            for key in ["min_interval", "max_per_day"] where has(key) {
                // TRANSLATORS: %1$s is a setting, %2$s a key of the configuration file; never translated.
                report(path.appending(key), .key, Translatable("only applies to as-needed medications; add %1$s or remove %2$s", "as_needed = true", key))
            }
        }

        let issuesBefore = issues.count
        let filter = dayFilter(of: table, at: path)
        let times = table["times"].flatMap { readTimes($0, at: path.appending("times")) }
        timeAmounts = times?.amounts ?? [:]
        let every = table["every"].flatMap { readEvery($0, at: path.appending("every")) }
        let afterTaken = table["after_taken"].flatMap { readEvery($0, at: path.appending("after_taken")) }
        let from = table["from"].flatMap { wallTime($0, at: path.appending("from")) }
        let until = table["until"].flatMap { wallTime($0, at: path.appending("until")) }
        if has("times") && has("every") {
            // TRANSLATORS: %1$s is a key of the configuration file, never translated.
            report(path.appending("every"), .key, Translatable("cannot be combined with %1$s; give either fixed times or an interval", "times"))
        }
        for other in ["times", "every"] where has("after_taken") && has(other) {
            // TRANSLATORS: %1$s is a key of the configuration file, never translated.
            report(path.appending("after_taken"), .key, Translatable("cannot be combined with %1$s; the doses after the first follow the answers instead", other))
        }
        if !has("every") && !has("after_taken") {
            for key in ["from", "until"] where has(key) {
                // TRANSLATORS: %1$s, %2$s and %4$s are keys, %3$s a setting of the configuration file; never translated.
                report(path.appending(key), .key, Translatable("only applies together with %1$s or %2$s; add e.g. %3$s or remove %4$s",
                                                               "every", "after_taken", "every = \"6h\"", key))
            }
        }
        let window = has("after_taken") ? Self.afterTakenWindow : Self.everyWindow
        if let from = from ?? window.from, let until = until ?? window.until, until < from, has("from") || has("until") {
            // TRANSLATORS: %1$s is the time the key until has when it is left out, like "22:00".
            let written: any MessageArgument = has("until") ? "\"\(until)\"" : Translatable("the default %1$s", "\"\(until)\"")
            // TRANSLATORS: %1$s is the time until (or its default); %2$s is the key from and %3$s its time; %4$s and %5$s are
            // the keys `from` and `until`, never translated.
            let message = Translatable("%1$s is earlier than %2$s %3$s; the doses run from %4$s to %5$s within one day",
                                       written, "from", "\"\(from)\"", "`from`", "`until`")
            report(path.appending(has("until") ? "until" : "from"), .value, message)
        }
        let misspeltSchedule = ["times", "every", "after_taken", "as_needed"].contains { misspells($0, in: table, known: Keys.medication) }
        if asNeeded == false && !has("times") && !has("every") && !has("after_taken") && !misspeltSchedule {
            // TRANSLATORS: %1$s, %2$s, %3$s and %4$s are settings of the configuration file, never translated.
            report(path, .key, Translatable("has no schedule; add %1$s, %2$s, %3$s or %4$s",
                                            "times = [\"08:00\"]", "every = \"6h\"", "after_taken = \"8h\"", "as_needed = true"))
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
        guard let elements = array(value, at: path, expected: Translatable("an array of times like %1$s", "[\"08:00\", \"20:00\"]")) else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, Translatable("is empty; list at least one time, e.g. %1$s", "[\"08:00\"]"))
            return nil
        }
        var firstIndex: [WallTime: Int] = [:]
        var times: [WallTime] = []
        var amounts: [WallTime: DoseAmount] = [:]
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let (time, amount) = timeEntry(element, at: elementPath) else { continue }
            if let first = firstIndex[time] {
                // TRANSLATORS: %1$s is the time written, %2$s where it was written first, like times[0].
                report(elementPath, .value, Translatable("%1$s is listed twice (also at %2$s); list each time once", "\"\(time)\"", "times[\(first)]"))
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
        guard let table = table(value, at: path, expected: Translatable("a time table like %1$s", Self.timeTableExample)) else {
            return nil
        }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.timeEntry)
        let amount = doseAmount(in: table, at: path)
        var time: WallTime? = nil
        if let at = table["at"] {
            time = wallTime(at, at: path.appending("at"))
        } else if !misspells("at", in: table, known: Keys.timeEntry) {
            // TRANSLATORS: %1$s is the missing key in quotes, %2$s an example; never translated.
            report(path, .key, Translatable("missing required key %1$s; add the time, e.g. %2$s", "\"at\"", Self.timeTableExample))
        }
        guard issues.count == issuesBefore, let time else { return nil }
        return (time, amount)
    }

    private static let timeTableExample = "{ at = \"20:00\", dose = \"2 tablets\" }"

    /// The `dose` and `per_dose` a table gives of its own (a `times` entry, a step), each optional.
    func doseAmount(in table: TOMLTable, at path: ConfigPath) -> DoseAmount {
        DoseAmount(dose: table["dose"].flatMap { text($0, at: path.appending("dose"), example: "dose = \"2 tablets\"") },
                   perDose: table["per_dose"].flatMap { quantity($0, at: path.appending("per_dose"), atLeast: .smallest) })
    }

    /// A whole number of minutes from 1m to 24h (`every`, `after_taken`).
    private func readEvery(_ value: TOMLValue, at path: ConfigPath) -> TimeSpan? {
        guard let span = duration(value, at: path) else { return nil }
        let written = Self.quoted(value.string ?? span.description)
        if span < .minutes(1) {
            // TRANSLATORS: %1$s is the value written, %2$s a duration as the configuration writes it (1m).
            report(path, .value, Translatable("%1$s is too short; use %2$s or more", written, "1m"))
        } else if span > .hours(24) {
            // TRANSLATORS: %1$s is the value written, %2$s a duration (24h); %3$s and %4$s are keys, never translated.
            report(path, .value, Translatable("%1$s is longer than %2$s; for doses days apart use %3$s with %4$s", written, "24h", "times", "every_days"))
        } else if span.seconds % 60 != 0 {
            report(path, .value, Self.notWholeMinutes(written, examples: "\"90m\"", "\"2h\""))
        } else {
            return span
        }
        return nil
    }
}
