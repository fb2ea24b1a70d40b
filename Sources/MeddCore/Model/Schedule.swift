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
