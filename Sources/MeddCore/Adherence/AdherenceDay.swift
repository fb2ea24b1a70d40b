/// The final outcomes of the doses due on one local day: what a calendar of adherence shows.
public struct AdherenceDay: Hashable, Sendable {
    public var date: LocalDate
    public var counts: AdherenceCounts

    public init(date: LocalDate, counts: AdherenceCounts = AdherenceCounts()) {
        self.date = date
        self.counts = counts
    }

    /// The day's worst outcome, so a gap stands out.
    public var outcome: Outcome { Outcome(counts) }

    /// Every day from `first` through `last`, each with the answers of the doses due on it (in the
    /// zone of `rules`).
    public static func tally(_ finals: some Sequence<FinalAnswer>, from first: LocalDate, through last: LocalDate,
                             rules: ZoneRules) -> [AdherenceDay] {
        guard first <= last else { return [] }
        var byDate: [LocalDate: [FinalAnswer]] = [:]
        for answer in finals { byDate[rules.local(answer.scheduled).date, default: []].append(answer) }
        return (first.dayNumber...last.dayNumber).map { number in
            let date = LocalDate(dayNumber: number)
            return AdherenceDay(date: date, counts: Adherence.report(finals: byDate[date] ?? []).total)
        }
    }

    /// The worst outcome among a day's doses: missed, then skipped, then late, then on time;
    /// `nothing` when none was answered or missed.
    public enum Outcome: String, CaseIterable, Hashable, Sendable {
        case onTime, late, skipped, missed, nothing

        public init(_ counts: AdherenceCounts) {
            self = counts.missed > 0 ? .missed : counts.skipped > 0 ? .skipped : counts.late > 0 ? .late
                : counts.onTime > 0 ? .onTime : .nothing
        }

        /// What a calendar's legend says of a day with this outcome (`medctl adherence --calendar`, the report).
        public var meaning: Translatable {
            switch self {
            // TRANSLATORS: a calendar's legend: a day whose doses were all taken on time.
            case .onTime: Translatable("all on time")
            // TRANSLATORS: a calendar's legend: a day with a dose taken late (and none skipped or missed).
            case .late: Translatable("some late")
            // TRANSLATORS: a calendar's legend: a day with a skipped dose (and none missed).
            case .skipped: Translatable("some skipped")
            // TRANSLATORS: a calendar's legend: a day with a missed dose.
            case .missed: Translatable("some missed")
            // TRANSLATORS: a calendar's legend: a day no dose of which was answered.
            case .nothing: Translatable("none answered")
            }
        }
    }
}
