/// When a medication is due.
public enum Schedule: Hashable, Sendable {
    /// Fixed wall-clock times on the days the filter allows.
    case times([WallTime], DayFilter)
    /// Every `every` from `from` to `until` (inclusive) on the days the filter allows.
    case interval(every: TimeSpan, from: WallTime, until: WallTime, DayFilter)
    /// The day's first dose at `from`, each next one `interval` after the one before was taken (or was
    /// due, if skipped or missed), none after `until`: the doses past the first depend on the answers.
    case afterTaken(interval: TimeSpan, from: WallTime, until: WallTime, DayFilter)
    /// No schedule: taken on demand, within the limits given.
    case asNeeded(minInterval: TimeSpan?, maxPerDay: Int?)

    /// The nominal times of one allowed day, ascending; of an `afterTaken` day, the first.
    var wallTimes: [WallTime] {
        switch self {
        case .times(let times, _):
            return Set(times).sorted()  // a time listed twice is still one dose
        case .interval(let every, let from, let until, _):
            let step = max(1, Int(every.seconds / 60))
            return stride(from: from.minuteOfDay, through: until.minuteOfDay, by: step).compactMap(WallTime.init(minuteOfDay:))
        case .afterTaken(_, let from, _, _):
            return [from]
        case .asNeeded:
            return []
        }
    }

    var dayFilter: DayFilter? {
        switch self {
        case .times(_, let filter), .interval(_, _, _, let filter), .afterTaken(_, _, _, let filter): return filter
        case .asNeeded: return nil
        }
    }
}

extension Schedule {
    /// The schedule in a few words: `08:00, 20:00 on mon, wed`, `every 6h 06:00–22:00`, `as needed`.
    public var summary: String { summary(timeAmounts: [:]) }

    /// `summary`, with the dose of each time that has its own: `08:00, 20:00 (2 tablets)`.
    func summary(timeAmounts: [WallTime: DoseAmount]) -> String {
        switch self {
        case .times(let times, let filter):
            return Self.timesSummary(times, timeAmounts) + filter.summary
        case .interval(let every, let from, let until, let filter):
            return "every \(every) \(from)–\(until)" + filter.summary
        case .afterTaken(let interval, let from, let until, let filter):
            return "\(from), then \(interval) after each dose is taken, until \(until)" + filter.summary
        case .asNeeded(let minInterval, let maxPerDay):
            let limits = [minInterval.map { "at least \($0) apart" }, maxPerDay.map { "at most \($0) a day" }].compactMap { $0 }
            return "as needed" + (limits.isEmpty ? "" : " (" + limits.joined(separator: ", ") + ")")
        }
    }

    /// `08:00, 20:00 (2 tablets)`: the times ascending, each with the amount it has of its own.
    static func timesSummary(_ times: [WallTime], _ amounts: [WallTime: DoseAmount]) -> String {
        Set(times).sorted().map { time in
            let amount = amounts[time]?.summary ?? ""
            return amount.isEmpty ? time.description : "\(time) (\(amount))"
        }.joined(separator: ", ")
    }
}
