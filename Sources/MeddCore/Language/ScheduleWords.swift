/// A schedule in words, with a locale's times, dates and weekday names (`LocaleFormats`), as a
/// `Translatable` to be put into the reader's language where it is shown: `08:00, 20:00 (2 tablets) on
/// Mon, Fri; from 2026-12-01: 5 mg at 08:00` in English under the C locale, `08:00, 20:00 (2 Tabletten)
/// am Mo, Fr; ab 01.12.2026: …` in German. medctl and the report show it in their reader's language;
/// the control interface's `schedule` is its English with `LocaleFormats.technical`.
public struct ScheduleWords: Sendable {
    private let formats: LocaleFormats

    public init(formats: LocaleFormats) {
        self.formats = formats
    }

    /// The words, to be put into a language with `text(using:)`.
    public func words(_ description: ScheduleDescription) -> any MessageArgument {
        description.steps.reduce(words(description.schedule, amounts: description.timeAmounts)) { words, step in
            // TRANSLATORS: one part of a schedule after another: the schedule and a step of its tapering plan, or two rules of the days it applies on. Punctuation only; keep the order.
            Translatable("%1$s; %2$s", words, self.words(step))
        }
    }

    private func words(_ schedule: Schedule, amounts: [WallTime: DoseAmount]) -> any MessageArgument {
        switch schedule {
        case .times(let times, let days):
            return withDays(timesWords(times, amounts), days)
        case .interval(let every, let from, let until, let days):
            // TRANSLATORS: a schedule: %1$s is how often (8 h, 90 min), %2$s and %3$s the first and the last time of day.
            return withDays(Translatable("every %1$s from %2$s to %3$s", duration(every), formats.time(from), formats.time(until)), days)
        case .afterTaken(let interval, let from, let until, let days):
            // TRANSLATORS: a schedule: %1$s is the day's first time, %2$s how long (8 h, 90 min) after a dose is taken the next one is due, %3$s the last time of day.
            return withDays(Translatable("%1$s, then %2$s after each dose is taken, until %3$s", formats.time(from), duration(interval),
                                         formats.time(until)), days)
        case .asNeeded(let minInterval, let maxPerDay):
            var limits: [any MessageArgument] = []
            // TRANSLATORS: a limit of a medication taken as needed: %1$s is the least time between two doses (6 h, 90 min).
            if let minInterval { limits.append(Translatable("at least %1$s apart", duration(minInterval))) }
            if let maxPerDay {
                // TRANSLATORS: a limit of a medication taken as needed: %1$d is the most doses a day.
                limits.append(Translatable.plural("at most %1$d dose a day", "at most %1$d doses a day", count: maxPerDay, String(maxPerDay)))
            }
            // TRANSLATORS: a medication's schedule when it has none: it is taken as needed.
            guard !limits.isEmpty else { return Translatable("as needed") }
            // TRANSLATORS: a medication taken as needed: %1$s is its limits ("at least 6 h apart, at most 3 doses a day").
            return Translatable("as needed (%1$s)", list(limits))
        }
    }

    /// `08:00, 20:00 (2 tablets)`: the times ascending, each with the amount it has of its own.
    private func timesWords(_ times: [WallTime], _ amounts: [WallTime: DoseAmount]) -> any MessageArgument {
        list(Set(times).sorted().map { time -> any MessageArgument in
            guard let amount = amounts[time].flatMap(amountWords) else { return formats.time(time) }
            // TRANSLATORS: a time of a schedule (%1$s) with the dose it has of its own (%2$s: 2 tablets).
            return Translatable("%1$s (%2$s)", formats.time(time), amount)
        })
    }

    /// `2 tablets, 2 units`: what differs, in words; nil when nothing does.
    private func amountWords(_ amount: DoseAmount) -> (any MessageArgument)? {
        let units = amount.perDose.map { perDose in
            // TRANSLATORS: how many units of the stock a dose takes (%1$s: 2, 0.5 with your locale's decimal separator).
            Translatable.plural("%1$s unit", "%1$s units", count: perDose.pluralCount, perDose.formatted(decimalSeparator: formats.decimalSeparator))
        }
        let parts: [any MessageArgument] = [amount.dose as (any MessageArgument)?, units].compactMap { $0 }
        return parts.isEmpty ? nil : list(parts)
    }

    /// `from 2026-12-01: 5 mg at 08:00`.
    private func words(_ step: DoseStep) -> Translatable {
        let times = step.times.map { timesWords($0, step.timeAmounts) }
        let changes: any MessageArgument = switch (amountWords(step.amount), times) {
        // TRANSLATORS: what a step of a tapering plan changes: its dose (%1$s: 5 mg) and its times (%2$s: 08:00, 20:00).
        case let (amount?, times?): Translatable("%1$s at %2$s", amount, times)
        case let (amount?, nil): amount
        // TRANSLATORS: the times of a step of a tapering plan that keeps its dose (%1$s: 08:00, 20:00).
        case let (nil, times?): Translatable("at %1$s", times)
        case (nil, nil): ""
        }
        // TRANSLATORS: a step of a tapering plan: %1$s is the date it begins on, %2$s what changes then ("5 mg at 08:00").
        return Translatable("from %1$s: %2$s", formats.date(step.from), changes)
    }

    /// `times` followed by the rules of the days they apply on, if any.
    private func withDays(_ times: any MessageArgument, _ days: DayFilter) -> any MessageArgument {
        let rules = dayRules(days)
        guard let first = rules.first else { return times }
        let allRules = rules.dropFirst().reduce(first) { Translatable("%1$s; %2$s", $0, $1) }
        // TRANSLATORS: a schedule: %1$s is its times (08:00, 20:00), %2$s the days they apply on ("on Mon, Fri", "every 2 days").
        return Translatable("%1$s %2$s", times, allRules)
    }

    private func dayRules(_ days: DayFilter) -> [Translatable] {
        var rules: [Translatable] = []
        if let weekdays = days.weekdays {
            let names: [any MessageArgument] = Weekday.allCases.filter(weekdays.contains).map(formats.abbreviatedWeekdayName)
            // TRANSLATORS: the days of the week a schedule applies on: %1$s is their abbreviated names from your locale (Mon, Fri).
            rules.append(Translatable("on %1$s", list(names)))
        }
        if let count = days.everyDays {
            // TRANSLATORS: a schedule's days: every so many days, counted from its start.
            rules.append(.plural("every %1$d day", "every %1$d days", count: count, String(count)))
        }
        if let count = days.everyWeeks {
            // TRANSLATORS: a schedule's days: every week, or every so many weeks counted from its start.
            rules.append(count == 1 ? Translatable("every week") : .plural("every %1$d week", "every %1$d weeks", count: count, String(count)))
        }
        if let count = days.everyMonths {
            // TRANSLATORS: a schedule's days: every month, or every so many months counted from its start.
            rules.append(count == 1 ? Translatable("every month")
                         : .plural("every %1$d month", "every %1$d months", count: count, String(count)))
        }
        if let cycle = days.cycle {
            // TRANSLATORS: a schedule's cycle: %1$d days taken, then %2$d days not, again and again from its start.
            rules.append(.plural("%1$d day on, %2$d off", "%1$d days on, %2$d off", count: cycle.on, String(cycle.on), String(cycle.off)))
        }
        if let monthdays = days.monthdays { rules += monthdayRules(monthdays) }
        return rules
    }

    /// `on days 1, 15 of the month`, `on the last day of the month`, `on day 2 counted back from the month's end`.
    private func monthdayRules(_ days: Set<Int>) -> [Translatable] {
        var rules: [Translatable] = []
        let fromStart = days.filter { $0 > 0 }.sorted()
        if !fromStart.isEmpty {
            // TRANSLATORS: a schedule's days: %1$s is days of the month (1, 15).
            rules.append(.plural("on day %1$s of the month", "on days %1$s of the month", count: fromStart.count,
                                 list(fromStart.map { String($0) })))
        }
        let fromEnd = days.filter { $0 < 0 }.map { -$0 }.sorted()
        if fromEnd == [1] {
            // TRANSLATORS: a schedule's days: the last day of each month.
            rules.append(Translatable("on the last day of the month"))
        } else if !fromEnd.isEmpty {
            // TRANSLATORS: a schedule's days: %1$s is days of the month counted back from its end, 1 being the last day (1, 2).
            rules.append(.plural("on day %1$s counted back from the month's end", "on days %1$s counted back from the month's end",
                                 count: fromEnd.count, list(fromEnd.map { String($0) })))
        }
        return rules
    }

    private func duration(_ span: TimeSpan) -> any MessageArgument { DurationText.translatable(span) }

    /// `08:00, 20:00`: the items in the language's way of listing them.
    private func list(_ items: [any MessageArgument]) -> any MessageArgument {
        guard let first = items.first else { return "" }
        // TRANSLATORS: two items of a list (times, weekdays, days of the month, limits); a longer list repeats it. Chinese writes "%1$s、%2$s".
        return items.dropFirst().reduce(first) { Translatable("%1$s, %2$s", $0, $1) }
    }
}

extension ScheduleDescription {
    /// In the process's language and locale: what medctl shows.
    public var localized: String { ScheduleWords(formats: Translation.currentFormats).words(self).text(using: Translation.current) }

    /// In English with the C locale's formats, whatever the process's: the control interface's `schedule`.
    public var english: String { ScheduleWords(formats: .technical).words(self).text(using: EnglishTranslator()) }
}
