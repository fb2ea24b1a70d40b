import Foundation
import MeddCore
import Testing

/// Each schedule rule of the configuration, with dates checked against a calendar by hand
/// (2026-11-22 is a Sunday; 2026-11-02 a Monday).
@Suite struct PlannerScheduleTests {
    typealias F = PlanFixture

    static func ids(_ doses: [Dose]) -> [String] { doses.map(\.id.description) }

    /// Plans `[from, to)` given as UTC dates.
    static func plan(_ planner: Planner, _ from: String, _ to: String, medication: String? = nil) -> [Dose] {
        planner.doses(from: F.utc("\(from)T00:00:00Z"), to: F.utc("\(to)T00:00:00Z"), medication: medication)
    }

    /// Fixed times give the documented ID and `scheduledText` forms, in due order.
    @Test func fixedTimesIDAndText() {
        let med = F.medication("metformin", times: ["20:00", "08:00"], zone: .named("Europe/Berlin"))
        let doses = F.doses(on: "2026-11-22", F.planner([med]))
        #expect(Self.ids(doses) == ["metformin_20261122_08_00", "metformin_20261122_20_00"])
        #expect(doses.map(\.scheduledText) == ["2026-11-22T08:00:00+01:00", "2026-11-22T20:00:00+01:00"])
        #expect(doses.map(\.scheduled) == [F.utc("2026-11-22T07:00:00Z"), F.utc("2026-11-22T19:00:00Z")])
        #expect(doses.map(\.utcOffset) == [3600, 3600])
        #expect(doses.first?.name == "Metformin")
        #expect(doses.first?.doseText == "1 tablet")
        #expect(doses.first?.medication == "metformin")
    }

    /// `paused_until`: nothing before the day, the doses of that day on; `every_days` still counts from `start`.
    @Test func pausedUntilResumesOnItsDay() throws {
        var med = F.medication("m", times: ["08:00"], filter: DayFilter(everyDays: 2), start: "2026-11-20")
        med.pausedUntil = LocalDate(parsing: "2026-11-25")
        let planner = F.planner([med])
        #expect(Self.plan(planner, "2026-11-20", "2026-11-30").map(\.id.date.iso8601) == ["2026-11-26", "2026-11-28"])
        #expect(planner.dose(try #require(DoseID(parsing: "m_20261124_08_00"))) == nil)
        #expect(planner.dose(try #require(DoseID(parsing: "m_20261126_08_00"))) != nil)
        #expect(med.isPaused(on: LocalDate(parsing: "2026-11-24")!) && !med.isPaused(on: LocalDate(parsing: "2026-11-25")!))
    }

    /// A time listed twice is one dose, not two with the same ID.
    @Test func duplicateTimesPlanOnce() {
        let med = F.medication("m", times: ["08:00", "20:00", "08:00"])
        #expect(Self.ids(F.doses(on: "2026-11-22", F.planner([med]))) == ["m_20261122_08_00", "m_20261122_20_00"])
    }

    /// `monthdays` counts from the first day or back from the last; a day the month lacks is skipped.
    @Test func monthdaysFromTheStartAndTheEnd() {
        let med = F.medication("m", times: ["09:00"], filter: DayFilter(monthdays: [1, 15, 31, -1, -2]))
        let dates = Self.plan(F.planner([med]), "2027-01-01", "2028-04-01").map(\.id.date.iso8601)
        #expect(Array(dates.prefix(5)) == ["2027-01-01", "2027-01-15", "2027-01-30", "2027-01-31", "2027-02-01"])
        // February 2027 has 28 days: the 27th and 28th from the end, no 31st.
        #expect(dates.filter { $0.hasPrefix("2027-02") } == ["2027-02-01", "2027-02-15", "2027-02-27", "2027-02-28"])
        // April has 30: the 29th and 30th, the 31st skipped, not moved.
        #expect(dates.filter { $0.hasPrefix("2027-04") } == ["2027-04-01", "2027-04-15", "2027-04-29", "2027-04-30"])
        // A leap February.
        #expect(dates.filter { $0.hasPrefix("2028-02") } == ["2028-02-01", "2028-02-15", "2028-02-28", "2028-02-29"])
        #expect(Set(dates).count == dates.count)
    }

    /// `monthdays` with `start`/`end` and an interval, and `dose(id)` agreeing with the plan.
    @Test func monthdaysWithStartEndAndInterval() throws {
        let med = F.interval("m", every: .hours(6), from: "06:00", until: "18:00", filter: DayFilter(monthdays: [1, -1]),
                             start: "2027-01-10", end: "2027-03-01")
        let planner = F.planner([med])
        let doses = Self.plan(planner, "2027-01-01", "2027-04-01")
        #expect(Array(Set(doses.map(\.id.date.iso8601))).sorted() == ["2027-01-31", "2027-02-01", "2027-02-28", "2027-03-01"])
        #expect(doses.count == 4 * 3)
        for dose in doses { #expect(planner.dose(dose.id) == dose) }
        #expect(planner.dose(try #require(DoseID(parsing: "m_20270115_06_00"))) == nil)
    }

    /// A `times` entry with a dose of its own gives that dose its text; the others keep the medication's.
    @Test func doseOfItsOwnFollowsTheTime() {
        var med = F.medication("m", times: ["20:00", "08:00"], zone: .named("Europe/Berlin"))
        med.timeAmounts = [F.time("20:00"): DoseAmount(dose: "2 tablets", perDose: 2)]
        let doses = F.doses(on: "2026-11-22", F.planner([med]))
        #expect(doses.map(\.doseText) == ["1 tablet", "2 tablets"])
        #expect(med.amount(on: F.date("2026-11-22"), at: F.time("20:00")) == ("2 tablets", 2))
        #expect(med.amount(on: F.date("2026-11-22"), at: F.time("08:00")) == ("1 tablet", 1))
        #expect(med.scheduleDescription.english == "08:00, 20:00 (2 tablets, 2 units)")
    }

    /// Each step changes what it gives from its first day on, the rest carrying over from the step before
    /// (the medication's own before the first); a step's dose replaces the times' own doses too.
    @Test func taperingSteps() throws {
        var med = F.medication("pred", times: ["08:00", "20:00"], zone: .named("Europe/Berlin"))
        med.timeAmounts = [F.time("20:00"): DoseAmount(dose: "evening")]
        med.steps = [
            DoseStep(from: F.date("2026-12-02"), amount: DoseAmount(dose: "15 mg", perDose: 3)),
            DoseStep(from: F.date("2026-12-04"), amount: DoseAmount(dose: "5 mg"), times: [F.time("09:00")]),
            DoseStep(from: F.date("2026-12-05"), times: [F.time("10:00"), F.time("22:00")],
                     timeAmounts: [F.time("22:00"): DoseAmount(dose: "night", perDose: 4)]),
        ]
        let planner = F.planner([med])
        let doses = Self.plan(planner, "2026-12-01", "2026-12-06")
        #expect(doses.map { "\($0.id) \($0.doseText)" } == [
            "pred_20261201_08_00 1 tablet", "pred_20261201_20_00 evening",
            "pred_20261202_08_00 15 mg", "pred_20261202_20_00 15 mg",
            "pred_20261203_08_00 15 mg", "pred_20261203_20_00 15 mg",
            "pred_20261204_09_00 5 mg",
            "pred_20261205_10_00 5 mg", "pred_20261205_22_00 night",
        ])
        for dose in doses { #expect(planner.dose(dose.id) == dose) }
        #expect(planner.dose(try #require(DoseID(parsing: "pred_20261204_08_00"))) == nil)
        #expect(med.amount(on: F.date("2026-12-03"), at: F.time("08:00")).perDose == 3)
        #expect(med.amount(on: F.date("2026-12-05"), at: F.time("22:00")).perDose == 4)
        #expect(med.amount(on: F.date("2026-12-05"), at: F.time("10:00")).perDose == 3)
        #expect(med.amount(on: F.date("2026-12-01"), at: F.time("20:00")).perDose == 1)
        #expect(med.scheduleDescription.english == "08:00, 20:00 (evening); from 2026-12-02: 15 mg, 3 units; from 2026-12-04: 5 mg at 09:00; "
            + "from 2026-12-05: at 10:00, 22:00 (night, 4 units)")
    }

    /// A step's times replace an interval too.
    @Test func stepReplacesAnInterval() {
        var med = F.interval("m", every: .hours(6), from: "06:00", until: "18:00", zone: .named("UTC"))
        med.steps = [DoseStep(from: F.date("2026-12-02"), times: [F.time("12:00")])]
        let doses = Self.plan(F.planner([med]), "2026-12-01", "2026-12-03")
        #expect(Self.ids(doses) == ["m_20261201_06_00", "m_20261201_12_00", "m_20261201_18_00", "m_20261202_12_00"])
    }

    /// `days` keeps only the listed weekdays.
    @Test func weekdayFilter() {
        let med = F.medication("m", times: ["09:00"], filter: DayFilter(weekdays: [.mon, .wed, .fri]))
        let doses = Self.plan(F.planner([med]), "2026-11-22", "2026-12-06")
        #expect(doses.map(\.id.date.iso8601) == [
            "2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30", "2026-12-02", "2026-12-04",
        ])
    }

    /// `every_days` counts from `start`, and nothing is planned before `start`.
    @Test func everyDaysFromStart() {
        let med = F.medication("m", times: ["09:00"], filter: DayFilter(everyDays: 3), start: "2026-11-01")
        let doses = Self.plan(F.planner([med]), "2026-10-20", "2026-11-15")
        #expect(doses.map(\.id.date.iso8601) == ["2026-11-01", "2026-11-04", "2026-11-07", "2026-11-10", "2026-11-13"])
    }

    /// `cycle = { on = 2, off = 3 }` counts from `start`.
    @Test func cycleFromStart() {
        let med = F.medication("m", times: ["09:00"], filter: DayFilter(cycle: Cycle(on: 2, off: 3)), start: "2026-11-01")
        let doses = Self.plan(F.planner([med]), "2026-10-20", "2026-11-16")
        #expect(doses.map(\.id.date.iso8601) == [
            "2026-11-01", "2026-11-02", "2026-11-06", "2026-11-07", "2026-11-11", "2026-11-12",
        ])
    }

    /// `cycle = { on = 21, off = 7 }`: 21 days on, then 7 off, then on again.
    @Test func cycleTwentyOneSeven() {
        let med = F.medication("m", times: ["09:00"], filter: DayFilter(cycle: Cycle(on: 21, off: 7)), start: "2026-11-01")
        let dates = Self.plan(F.planner([med]), "2026-11-01", "2027-01-01").map(\.id.date.iso8601)
        // Days since start 0–20 on (Nov 1–21), 21–27 off, 28–48 on (Nov 29–Dec 19), 49–55 off, 56–60 on (Dec 27–31).
        #expect(dates.count == 21 + 21 + 5)
        #expect(dates.first == "2026-11-01")
        #expect(dates.contains("2026-11-21"))
        #expect(!dates.contains("2026-11-22"))
        #expect(!dates.contains("2026-11-28"))
        #expect(dates.contains("2026-11-29"))
        #expect(dates.contains("2026-12-19"))
        #expect(!dates.contains("2026-12-20"))
        #expect(!dates.contains("2026-12-26"))
        #expect(dates.last == "2026-12-31")
    }

    /// Every rule given must hold: `days = ["mon"]` with `every_days = 2` gives every other Monday.
    @Test func rulesCombine() {
        let med = F.medication("m", times: ["09:00"], filter: DayFilter(weekdays: [.mon], everyDays: 2), start: "2026-11-02")
        let doses = Self.plan(F.planner([med]), "2026-11-01", "2026-12-07")
        #expect(doses.map(\.id.date.iso8601) == ["2026-11-02", "2026-11-16", "2026-11-30"])
    }

    /// `every` with the default `from`/`until` (00:00–23:59).
    @Test func everySixHoursAllDay() {
        let med = F.interval("m", every: .hours(6))
        #expect(Self.ids(F.doses(on: "2026-11-22", F.planner([med]))) == [
            "m_20261122_00_00", "m_20261122_06_00", "m_20261122_12_00", "m_20261122_18_00",
        ])
    }

    /// `every` between `from` and `until`; `until` is inclusive when a step lands on it.
    @Test(arguments: [
        (TimeSpan.minutes(90), "08:00", "12:00", ["08:00", "09:30", "11:00"]),
        (TimeSpan.hours(2), "08:00", "12:00", ["08:00", "10:00", "12:00"]),
        (TimeSpan.minutes(45), "22:00", "23:59", ["22:00", "22:45", "23:30"]),
        (TimeSpan(seconds: 5400), "20:00", "20:00", ["20:00"]),
        (TimeSpan.days(1), "07:15", "23:59", ["07:15"]),
    ])
    func everyFromUntil(every: TimeSpan, from: String, until: String, expected: [String]) {
        let med = F.interval("m", every: every, from: from, until: until)
        #expect(F.doses(on: "2026-11-22", F.planner([med])).map(\.id.time.description) == expected)
    }

    /// `start` and `end` are both inclusive.
    @Test func startAndEndInclusive() {
        let med = F.medication("m", times: ["10:00"], start: "2026-11-10", end: "2026-11-12")
        let doses = Self.plan(F.planner([med]), "2026-11-01", "2026-12-01")
        #expect(doses.map(\.id.date.iso8601) == ["2026-11-10", "2026-11-11", "2026-11-12"])
    }

    /// `end` alone stops the plan, `start` alone begins it.
    @Test func openEndedRanges() {
        let endOnly = F.medication("m", times: ["10:00"], end: "2026-11-03")
        #expect(Self.plan(F.planner([endOnly]), "2026-11-01", "2026-11-08").map(\.id.date.iso8601)
            == ["2026-11-01", "2026-11-02", "2026-11-03"])
        let startOnly = F.medication("m", times: ["10:00"], start: "2026-11-06")
        #expect(Self.plan(F.planner([startOnly]), "2026-11-01", "2026-11-08").map(\.id.date.iso8601)
            == ["2026-11-06", "2026-11-07"])
    }

    /// A paused medication plans nothing and looks up nothing.
    @Test func pausedPlansNothing() throws {
        var med = F.medication("m", times: ["08:00", "20:00"])
        med.paused = true
        let planner = F.planner([med])
        #expect(Self.plan(planner, "2026-11-01", "2026-12-01").isEmpty)
        #expect(planner.dose(try #require(DoseID(parsing: "m_20261122_08_00"))) == nil)
    }

    /// An as-needed medication plans nothing and looks up nothing.
    @Test func asNeededPlansNothing() throws {
        let med = Medication(id: "prn", name: "PRN", dose: "1", schedule: .asNeeded(minInterval: .hours(4), maxPerDay: 4))
        let planner = F.planner([med])
        #expect(Self.plan(planner, "2026-11-01", "2026-12-01").isEmpty)
        #expect(planner.dose(try #require(DoseID(parsing: "prn_20261122_08_00"))) == nil)
    }

    /// A medication's own zone overrides the settings zone; without one the settings zone applies.
    @Test func medicationZoneOverridesSettings() {
        let own = F.medication("own", times: ["08:00"], zone: .named("Europe/Berlin"))
        let inherited = F.medication("inherited", times: ["08:00"])
        let planner = F.planner([own, inherited], zone: .named("Asia/Tokyo"))
        let doses = F.doses(on: "2026-11-22", planner)
        #expect(doses.map(\.id.description) == ["inherited_20261122_08_00", "own_20261122_08_00"])
        #expect(doses.map(\.scheduledText) == ["2026-11-22T08:00:00+09:00", "2026-11-22T08:00:00+01:00"])
        #expect(doses.map(\.scheduled) == [F.utc("2026-11-21T23:00:00Z"), F.utc("2026-11-22T07:00:00Z")])
    }

    /// `.local` follows the injected system zone: same IDs, instants move with the zone.
    @Test func localZoneFollowsSystemZone() {
        let viaSettings = F.medication("a", times: ["08:00"])
        let viaMedication = F.medication("b", times: ["08:00"], zone: .local)
        let config = [viaSettings, viaMedication]
        let newYork = F.doses(on: "2026-11-22", F.planner(config, zone: .local, localZone: F.zone("America/New_York")))
        let tokyo = F.doses(on: "2026-11-22", F.planner(config, zone: .local, localZone: F.zone("Asia/Tokyo")))
        #expect(Self.ids(newYork) == ["a_20261122_08_00", "b_20261122_08_00"])
        #expect(Self.ids(tokyo) == Self.ids(newYork))
        #expect(newYork.map(\.scheduled) == [F.utc("2026-11-22T13:00:00Z"), F.utc("2026-11-22T13:00:00Z")])
        #expect(tokyo.map(\.scheduled) == [F.utc("2026-11-21T23:00:00Z"), F.utc("2026-11-21T23:00:00Z")])
        #expect(newYork.map(\.scheduledText) == ["2026-11-22T08:00:00-05:00", "2026-11-22T08:00:00-05:00"])
        // A medication pinned to `.local` follows it even when the settings zone is named.
        let pinned = F.doses(on: "2026-11-22", F.planner([viaMedication], zone: .named("UTC"), localZone: F.zone("Asia/Tokyo")))
        #expect(pinned.map(\.scheduled) == [F.utc("2026-11-21T23:00:00Z")])
    }

    /// Results are ordered by due instant, then by ID (date, time, medication).
    @Test func ordering() {
        let zeta = F.medication("zeta", times: ["08:00", "07:00"])
        let alpha = F.medication("alpha", times: ["08:00"])
        let tokyo = F.medication("tokyo", times: ["08:00"], zone: .named("Asia/Tokyo"))
        let doses = Self.plan(F.planner([zeta, tokyo, alpha]), "2026-11-22", "2026-11-23")
        // By hand: 07:00Z, 08:00Z (alpha before zeta), then Tokyo's 08:00 on the 23rd = 23:00Z.
        #expect(Self.ids(doses) == [
            "zeta_20261122_07_00", "alpha_20261122_08_00", "zeta_20261122_08_00", "tokyo_20261123_08_00",
        ])
    }

    /// The window is half-open: a dose exactly at `from` is in, one exactly at `to` is out.
    @Test func windowIsHalfOpen() {
        let med = F.medication("m", times: ["08:00"])
        let planner = F.planner([med])
        let at = F.utc("2026-11-22T08:00:00Z")
        #expect(Self.ids(planner.doses(from: at, to: at + TimeSpan(seconds: 1))) == ["m_20261122_08_00"])
        #expect(planner.doses(from: at - .hours(1), to: at).isEmpty)
        #expect(planner.doses(from: at, to: at).isEmpty)
        #expect(planner.doses(from: at + .hours(1), to: at).isEmpty)
    }

    /// `doses(…, medication:)` keeps one medication.
    @Test func filterByMedication() {
        let planner = F.planner([F.medication("a", times: ["08:00"]), F.medication("b", times: ["09:00"])])
        #expect(Self.ids(Self.plan(planner, "2026-11-22", "2026-11-23", medication: "b")) == ["b_20261122_09_00"])
        #expect(Self.plan(planner, "2026-11-22", "2026-11-23", medication: "c").isEmpty)
    }

    /// `dose(_:)` finds exactly the doses the schedule yields.
    @Test func lookup() throws {
        let med = F.medication("m", times: ["08:00"], filter: DayFilter(weekdays: [.sun]),
                               start: "2026-11-01", end: "2026-11-30", zone: .named("Europe/Berlin"))
        let planner = F.planner([med])
        let id = try #require(DoseID(parsing: "m_20261122_08_00"))
        #expect(planner.dose(id) == F.doses(on: "2026-11-22", planner).first)
        #expect(planner.dose(id)?.scheduledText == "2026-11-22T08:00:00+01:00")
        for rejected in ["m_20261123_08_00", "m_20261122_09_00", "x_20261122_08_00", "m_20261025_08_00", "m_20261206_08_00"] {
            #expect(planner.dose(try #require(DoseID(parsing: rejected))) == nil, "\(rejected)")
        }
    }
}
