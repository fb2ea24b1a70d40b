import Testing
@testable import MeddCore

/// The day-by-day tally of `adherence --calendar` and `medctl report`.
@Suite struct AdherenceDayTests {
    static let utc = ZoneRules.utc
    static let day = LocalDate(parsing: "2026-11-22")!

    static func answer(_ kind: EventKind, day offset: Int64, hour: Int64, minutesLate: Int64 = 0) -> FinalAnswer {
        let scheduled = Instant(seconds: (day.dayNumber + offset) * 86_400 + hour * 3600)
        return FinalAnswer(medication: "a", kind: kind, scheduled: scheduled, at: Instant(seconds: scheduled.seconds + minutesLate * 60))
    }

    /// Every day of the range gets a member, in order, with the counts of the doses due on it.
    @Test func everyDayIsCounted() {
        let finals = [
            Self.answer(.taken, day: 0, hour: 8), Self.answer(.taken, day: 0, hour: 20, minutesLate: 61),
            Self.answer(.skipped, day: 2, hour: 8), Self.answer(.missed, day: 2, hour: 20),
        ]
        let days = AdherenceDay.tally(finals, from: Self.day, through: Self.day.adding(days: 3), rules: Self.utc)
        #expect(days.map(\.date) == (0...3).map { Self.day.adding(days: $0) })
        #expect(days.map(\.counts) == [AdherenceCounts(onTime: 1, late: 1), AdherenceCounts(), AdherenceCounts(skipped: 1, missed: 1),
                                       AdherenceCounts()])
        #expect(days.map(\.outcome) == [.late, .nothing, .missed, .nothing])
    }

    /// A day's outcome is its worst: missed over skipped over late over on time.
    @Test func theWorstOutcomeWins() {
        #expect(AdherenceDay.Outcome(AdherenceCounts(onTime: 5, late: 1)) == .late)
        #expect(AdherenceDay.Outcome(AdherenceCounts(onTime: 5, late: 1, skipped: 1)) == .skipped)
        #expect(AdherenceDay.Outcome(AdherenceCounts(late: 1, skipped: 1, missed: 1)) == .missed)
        #expect(AdherenceDay.Outcome(AdherenceCounts(onTime: 1)) == .onTime)
        #expect(AdherenceDay.Outcome(AdherenceCounts()) == .nothing)
    }

    /// A range that ends before it starts has no days; doses outside the range are left out.
    @Test func emptyAndOutsideRanges() {
        #expect(AdherenceDay.tally([Self.answer(.taken, day: 0, hour: 8)], from: Self.day, through: Self.day.adding(days: -1),
                                   rules: Self.utc).isEmpty)
        let days = AdherenceDay.tally([Self.answer(.taken, day: 5, hour: 8)], from: Self.day, through: Self.day, rules: Self.utc)
        #expect(days == [AdherenceDay(date: Self.day)])
    }

    /// One dose's count follows the report's rule: taken an hour after its due time is still on time.
    @Test func oneDoseCountsAsTheReportCountsIt() {
        #expect(Adherence.counts(of: Self.answer(.taken, day: 0, hour: 8, minutesLate: 60)) == AdherenceCounts(onTime: 1))
        #expect(Adherence.counts(of: Self.answer(.taken, day: 0, hour: 8, minutesLate: -30)) == AdherenceCounts(onTime: 1))
        #expect(Adherence.counts(of: Self.answer(.taken, day: 0, hour: 8, minutesLate: 61)) == AdherenceCounts(late: 1))
        #expect(Adherence.counts(of: Self.answer(.skipped, day: 0, hour: 8)) == AdherenceCounts(skipped: 1))
        #expect(Adherence.counts(of: Self.answer(.missed, day: 0, hour: 8)) == AdherenceCounts(missed: 1))
    }
}
