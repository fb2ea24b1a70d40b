import MeddTestSupport
import Testing
@testable import MeddCore

/// `after_taken`: the day's first dose at `from`, each next one `interval` after the one before was taken
/// (or was due, if skipped or missed), none after `until`. 2026-11-22 in Berlin (CET) unless said otherwise.
@Suite struct AfterTakenTests {
    static func configuration(_ interval: TimeSpan = .hours(8), from: String = "08:00", until: String = "22:00",
                              settings: Settings = Settings()) -> Configuration {
        Configuration(settings: settings, medications: [
            Medication(id: "para", name: "Paracetamol", dose: "1 g",
                       schedule: .afterTaken(interval: interval, from: WallTime(parsing: from)!, until: WallTime(parsing: until)!, DayFilter())),
        ])
    }

    static func ids(_ book: DoseBook, _ from: String = "00:00", _ to: String = "23:59") -> [String] {
        book.doses(from: BookHarness.at(from), to: BookHarness.at(to)).map { "\($0.id) \($0.state.rawValue)" }
    }

    /// Before any answer only the first dose of each day is known; a late answer moves the next one.
    @Test func takingLateMovesTheNextDose() {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("07:00"))
        #expect(Self.ids(h.book) == ["para_20261122_08_00 planned"])
        h.advance("08:00")
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_08_00"])
        h.take("para", "09:37")
        let wake = BookHarness.wakeUp(in: h.effects)
        #expect(wake == .some(BookHarness.at("09:37")), "an answer replans at once")
        h.advance("09:37")
        #expect(Self.ids(h.book) == ["para_20261122_08_00 taken", "para_20261122_17_37 planned"])
        #expect(BookHarness.wakeUp(in: h.effects) == .some(BookHarness.at("17:37")))
        h.advance("17:37")
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_08_00", "para_20261122_17_37"])
        #expect(h.book.records[DoseID(parsing: "para_20261122_17_37")!]?.dose.scheduled == BookHarness.at("17:37"))
        // 17:37 + 8h is past `until` (and past midnight): the day ends there, the next begins at 08:00.
        h.take("para", "17:40")
        h.advance("17:40")
        #expect(Self.ids(h.book) == ["para_20261122_08_00 taken", "para_20261122_17_37 taken"])
        #expect(h.book.doses(from: BookHarness.at("2026-11-23T00:00:00+01:00"), to: BookHarness.at("2026-11-24T00:00:00+01:00"))
            .map(\.id.description) == ["para_20261123_08_00"])
    }

    /// The answer's own time counts, to the whole minute; a skipped or missed dose counts from when it was due.
    @Test func skippedAndMissedCountFromTheDueTime() {
        var h = BookHarness(Self.configuration(.hours(3)), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take("para", "08:05", at: "2026-11-22T07:59:31+01:00")
        h.advance("08:05")
        #expect(Self.ids(h.book).last == "para_20261122_10_59 planned")
        h.advance("10:59")
        h.skip("para", "11:30")
        h.advance("11:30")
        #expect(Self.ids(h.book).last == "para_20261122_13_59 planned")
        h.advance("13:59")
        h.advance("15:59")  // grace (2h) ends: missed, and the next follows its due time
        #expect(h.state("para_20261122_13_59") == .missed)
        #expect(Self.ids(h.book).last == "para_20261122_16_59 planned")
        h.advance("16:59")
        #expect(h.events(.fired).last?.dose.id.description == "para_20261122_16_59")
    }

    /// With an interval shorter than grace, a dose missed when its grace ends already has its next dose due:
    /// that one alerts at once (within grace) instead of staying planned in the past.
    @Test func aDoseMissedAtTheEndOfGraceAlertsTheNextAtOnce() {
        var h = BookHarness(Self.configuration(.hours(1)), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.advance("09:59")
        h.advance("10:00")
        #expect(h.state("para_20261122_08_00") == .missed)
        #expect(h.state("para_20261122_09_00") == .pending)
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_08_00", "para_20261122_09_00"])
    }

    /// An answer given late with an earlier `at` can make the next dose due already: it fires at once
    /// (within grace), or is missed; it is never left planned in the past.
    @Test func aNextDoseAlreadyDueFiresAtOnce() {
        var h = BookHarness(Self.configuration(.hours(1)), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take("para", "09:30", at: "2026-11-22T08:10:00+01:00")
        h.advance("09:30")
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_08_00", "para_20261122_09_10"])
        h.take("para", "12:00", at: "2026-11-22T09:15:00+01:00")
        h.advance("12:00")
        // 10:15 was due 1h45m ago: within grace, so it alerts now.
        #expect(h.state("para_20261122_10_15") == .pending)
        h.take("para", "14:00", at: "2026-11-22T09:20:00+01:00")
        h.advance("14:00")
        // 10:20 (after 10:15 on the clock) and 11:20 are more than grace ago: missed at once; 12:20 alerts.
        #expect(h.events(.missed).map(\.dose.id.description) == ["para_20261122_10_20", "para_20261122_11_20"])
        #expect(h.events(.missed).allSatisfy { $0.reason == "came due before the dose before it was answered" })
        #expect(h.state("para_20261122_12_20") == .pending)
    }

    /// A change of mind after the next dose fired leaves that dose where it was: history stands.
    @Test func aRecordedNextDoseStaysAfterAChangeOfMind() {
        var h = BookHarness(Self.configuration(.hours(4)), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take("para", "08:00")
        h.advance("12:00")
        #expect(h.state("para_20261122_12_00") == .pending)
        h.skip("para_20261122_08_00", "12:01")
        h.advance("12:01")
        #expect(Self.ids(h.book) == ["para_20261122_08_00 skipped", "para_20261122_12_00 pending"])
    }

    /// A reload with a shorter interval, or a zone change, reveals doses on past days the old schedule never
    /// had: they are not missed (nothing was due), and nothing alerts for them.
    @Test func aReloadOrZoneChangeInventsNoMissedDoses() {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("2026-11-19T07:00:00+01:00"))
        for day in 19...21 {
            for time in ["08:00", "16:00"] {
                let at = "2026-11-\(day)T\(time):00+01:00"
                h.advance(at)
                h.take("para", at)
                h.advance(at)
            }
        }
        h.advance("07:00")
        h.effects += h.book.reload(Self.configuration(.hours(6)), now: BookHarness.at("07:00"))
        h.effects += h.book.changeLocalZone(to: SystemZone.named("America/New_York"), now: BookHarness.at("07:01"))
        #expect(h.events(.missed).isEmpty)
        #expect(h.events(.fired).count == 6)
        #expect(h.events(.skipped).isEmpty)
    }

    /// Moving `from` later after the day's first dose was taken keeps that dose as the day's start: the
    /// next one still follows it, and no second first dose appears.
    @Test func movingFromLaterKeepsTheTakenDose() {
        var h = BookHarness(Self.configuration(.hours(4)), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take("para", "08:00")
        h.advance("08:00")
        h.effects += h.book.reload(Self.configuration(.hours(4), from: "09:00"), now: BookHarness.at("10:30"))
        #expect(Self.ids(h.book) == ["para_20261122_08_00 taken", "para_20261122_12_00 planned"])
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_08_00"])
        h.advance("12:00")
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_08_00", "para_20261122_12_00"])
    }

    /// Started at 13:00 for the first time: the 08:00 and 11:00 doses are untracked (no one was reminded), the
    /// day goes on from their due times, and the 14:00 dose alerts as usual.
    @Test func aDayGoesOnPastItsUntrackedDoses() {
        var h = BookHarness(Self.configuration(.hours(3)))
        h.advance("13:00")
        #expect(Self.ids(h.book) == ["para_20261122_08_00 untracked", "para_20261122_11_00 untracked", "para_20261122_14_00 planned"])
        #expect(h.events(.fired).isEmpty && h.events(.missed).isEmpty)
        h.advance("14:00")
        #expect(h.events(.fired).map(\.dose.id.description) == ["para_20261122_14_00"])
    }

    /// On the night the clocks go back, an hourly chain runs through both 02:xx hours with distinct IDs.
    @Test func theRepeatedHourGivesDistinctIDs() {
        let config = Self.configuration(.hours(1), from: "00:30", until: "04:00")
        let day = "2027-10-31T"
        var h = BookHarness(config, watermark: BookHarness.at(day + "00:00:00+02:00"))
        var seen: [String] = []
        var now = BookHarness.at(day + "00:00:00+02:00")
        while now < BookHarness.at(day + "05:00:00+01:00") {
            _ = h.book.advance(to: now)
            if let open = h.book.open.first {
                seen.append(open.description)
                _ = h.book.take(open.description, source: .cli, now: now)
            }
            guard let next = h.book.nextWakeUp(after: now) else { break }
            now = max(next, now + .minutes(1))
        }
        #expect(seen == ["para_20271031_00_30", "para_20271031_01_30", "para_20271031_02_30", "para_20271031_02_31", "para_20271031_03_31"])
        #expect(h.book.records[DoseID(parsing: "para_20271031_02_31")!]?.dose.scheduled == BookHarness.at(day + "02:31:00+01:00"))
    }

    /// `dose(id)` knows the computed dose only with the records that gave it, and the planner's
    /// `medctl plan` view without records is the first dose of each day.
    @Test func plannerWithAndWithoutRecords() throws {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take("para", "08:20")
        let next = try #require(DoseID(parsing: "para_20261122_16_20"))
        #expect(h.book.planner.dose(next, records: h.book.records)?.scheduled == BookHarness.at("16:20"))
        #expect(h.book.planner.dose(next) == nil)
        #expect(h.book.planner.doses(from: BookHarness.at("00:00"), to: BookHarness.at("2026-11-24T00:00:00+01:00")).map(\.id.description)
            == ["para_20261122_08_00", "para_20261123_08_00"])
        #expect(Self.configuration().medications[0].scheduleDescription.english
            == "08:00, then 8 h after each dose is taken, until 22:00")
    }
}
