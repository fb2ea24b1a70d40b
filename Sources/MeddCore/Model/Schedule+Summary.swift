extension Schedule {
    /// The schedule in a few words: `08:00, 20:00 on mon, wed`, `every 6h 06:00–22:00`, `as needed`.
    public var summary: String {
        switch self {
        case .times(let times, let filter):
            return Set(times).sorted().map(\.description).joined(separator: ", ") + filter.summary
        case .interval(let every, let from, let until, let filter):
            return "every \(every) \(from)–\(until)" + filter.summary
        case .asNeeded(let minInterval, let maxPerDay):
            let limits = [minInterval.map { "at least \($0) apart" }, maxPerDay.map { "at most \($0) a day" }].compactMap { $0 }
            return "as needed" + (limits.isEmpty ? "" : " (" + limits.joined(separator: ", ") + ")")
        }
    }
}
