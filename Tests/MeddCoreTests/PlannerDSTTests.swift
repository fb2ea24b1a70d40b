import MeddCore
import Testing

/// Daylight-saving fixtures. Every expected instant was worked out by hand from `zdump -v ZONE`
/// (tzdata 2027 rules), never by calling the code under test:
///
/// - America/New_York 2027-03-14 06:59:59Z EST → 07:00Z EDT (gap 02:00–03:00 local);
///   2027-11-07 05:59:59Z EDT → 06:00Z EST (01:00–02:00 local happens twice).
/// - Europe/Berlin 2027-03-28 01:00Z CET → CEST (gap 02:00–03:00);
///   2027-10-31 01:00Z CEST → CET (02:00–03:00 twice).
/// - Australia/Lord_Howe 2027-04-03 15:00Z +11 → +10:30 (01:30–02:00 on 04-04 twice);
///   2027-10-02 15:30Z +10:30 → +11 (gap 02:00–02:30 on 10-03).
/// - Asia/Kathmandu +05:45 all year.
@Suite struct PlannerDSTTests {
    typealias F = PlanFixture

    struct Expected: Equatable, CustomStringConvertible {
        let id: String
        let utc: Instant
        let text: String
        init(_ id: String, _ utc: String, _ text: String) {
            self.id = id
            self.utc = F.utc(utc)
            self.text = text
        }
        init(_ dose: Dose) {
            id = dose.id.description
            utc = dose.scheduled
            text = dose.scheduledText
        }
        var description: String { "\(id) @ \(utc) (\(text))" }
    }

    static func plan(_ zone: String, _ times: [String], on day: String) -> [Expected] {
        let med = F.medication("med", times: times, zone: .named(zone))
        return F.doses(on: day, F.planner([med])).map(Expected.init)
    }

    /// New York spring-forward: 02:30 fires at 03:30 EDT (07:30Z); 01:30 and 03:30 are unaffected.
    @Test func newYorkSpringForwardShiftsGapTime() {
        #expect(Self.plan("America/New_York", ["03:30", "01:30", "02:30"], on: "2027-03-14") == [
            Expected("med_20270314_01_30", "2027-03-14T06:30:00Z", "2027-03-14T01:30:00-05:00"),
            Expected("med_20270314_02_30", "2027-03-14T07:30:00Z", "2027-03-14T03:30:00-04:00"),
            Expected("med_20270314_03_30", "2027-03-14T07:30:00Z", "2027-03-14T03:30:00-04:00"),
        ])
    }

    /// New York spring-forward with `every = "30m"`: 48 doses, every nominal time once, gap times shifted an hour.
    @Test func newYorkSpringForwardEveryThirtyMinutes() {
        let med = F.interval("med", every: .minutes(30), zone: .named("America/New_York"))
        let doses = F.doses(on: "2027-03-14", F.planner([med]))
        #expect(doses.count == 48)
        #expect(Set(doses.map(\.id)).count == 48)
        #expect(Set(doses.map(\.id.time.minuteOfDay)) == Set(stride(from: 0, to: 1440, by: 30)))
        // Hand rule: before 02:00 add 5 h (EST); 02:00–02:59 is read under EST too (so +5 h);
        // from 03:00 add 4 h (EDT).
        for dose in doses {
            let hour = dose.id.time.hour
            let add = hour < 3 ? 5 : 4
            let expected = F.utc("2027-03-14T00:00:00Z") + .hours(Int64(hour + add)) + .minutes(Int64(dose.id.time.minute))
            #expect(dose.scheduled == expected, "\(dose.id)")
        }
        let early = doses.prefix(8).map(Expected.init)
        #expect(early == [
            Expected("med_20270314_00_00", "2027-03-14T05:00:00Z", "2027-03-14T00:00:00-05:00"),
            Expected("med_20270314_00_30", "2027-03-14T05:30:00Z", "2027-03-14T00:30:00-05:00"),
            Expected("med_20270314_01_00", "2027-03-14T06:00:00Z", "2027-03-14T01:00:00-05:00"),
            Expected("med_20270314_01_30", "2027-03-14T06:30:00Z", "2027-03-14T01:30:00-05:00"),
            Expected("med_20270314_02_00", "2027-03-14T07:00:00Z", "2027-03-14T03:00:00-04:00"),
            Expected("med_20270314_03_00", "2027-03-14T07:00:00Z", "2027-03-14T03:00:00-04:00"),
            Expected("med_20270314_02_30", "2027-03-14T07:30:00Z", "2027-03-14T03:30:00-04:00"),
            Expected("med_20270314_03_30", "2027-03-14T07:30:00Z", "2027-03-14T03:30:00-04:00"),
        ])
    }

    /// New York fall-back: 01:30 fires once, at its first (EDT) instant 05:30Z; 02:30 is EST.
    @Test func newYorkFallBackFiresOnceAtFirstInstant() {
        #expect(Self.plan("America/New_York", ["00:30", "01:30", "02:30"], on: "2027-11-07") == [
            Expected("med_20271107_00_30", "2027-11-07T04:30:00Z", "2027-11-07T00:30:00-04:00"),
            Expected("med_20271107_01_30", "2027-11-07T05:30:00Z", "2027-11-07T01:30:00-04:00"),
            Expected("med_20271107_02_30", "2027-11-07T07:30:00Z", "2027-11-07T02:30:00-05:00"),
        ])
    }

    /// New York fall-back with `every = "30m"`: 48 doses, none in the repeated hour 06:00–07:00Z.
    @Test func newYorkFallBackEveryThirtyMinutes() {
        let med = F.interval("med", every: .minutes(30), zone: .named("America/New_York"))
        let doses = F.doses(on: "2027-11-07", F.planner([med]))
        #expect(doses.count == 48)
        #expect(Set(doses.map(\.id)).count == 48)
        #expect(Set(doses.map(\.scheduled)).count == 48)
        for dose in doses {
            let hour = dose.id.time.hour
            let add = hour < 2 ? 4 : 5
            let expected = F.utc("2027-11-07T00:00:00Z") + .hours(Int64(hour + add)) + .minutes(Int64(dose.id.time.minute))
            #expect(dose.scheduled == expected, "\(dose.id)")
        }
        let repeated = F.utc("2027-11-07T06:00:00Z")..<F.utc("2027-11-07T07:00:00Z")
        #expect(doses.allSatisfy { !repeated.contains($0.scheduled) })
    }

    /// Berlin, last Sunday of March 2027: 02:30 fires at 03:30 CEST (01:30Z).
    @Test func berlinSpringForward() {
        #expect(Self.plan("Europe/Berlin", ["01:30", "02:30", "03:30"], on: "2027-03-28") == [
            Expected("med_20270328_01_30", "2027-03-28T00:30:00Z", "2027-03-28T01:30:00+01:00"),
            Expected("med_20270328_02_30", "2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00"),
            Expected("med_20270328_03_30", "2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00"),
        ])
        // The days either side are ordinary.
        #expect(Self.plan("Europe/Berlin", ["02:30"], on: "2027-03-27") == [
            Expected("med_20270327_02_30", "2027-03-27T01:30:00Z", "2027-03-27T02:30:00+01:00"),
        ])
        #expect(Self.plan("Europe/Berlin", ["02:30"], on: "2027-03-29") == [
            Expected("med_20270329_02_30", "2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00"),
        ])
    }

    /// Berlin, last Sunday of October 2027: 02:30 fires once, at the CEST instant 00:30Z.
    @Test func berlinFallBack() {
        #expect(Self.plan("Europe/Berlin", ["01:30", "02:30", "03:30"], on: "2027-10-31") == [
            Expected("med_20271031_01_30", "2027-10-30T23:30:00Z", "2027-10-31T01:30:00+02:00"),
            Expected("med_20271031_02_30", "2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00"),
            Expected("med_20271031_03_30", "2027-10-31T02:30:00Z", "2027-10-31T03:30:00+01:00"),
        ])
    }

    /// Lord Howe 2027-10-03, a 30-minute gap (02:00–02:30): 02:00 and 02:15 move 30 minutes later.
    @Test func lordHoweHalfHourGap() {
        #expect(Self.plan("Australia/Lord_Howe", ["01:45", "02:00", "02:15", "02:30", "03:00"], on: "2027-10-03") == [
            Expected("med_20271003_01_45", "2027-10-02T15:15:00Z", "2027-10-03T01:45:00+10:30"),
            Expected("med_20271003_02_00", "2027-10-02T15:30:00Z", "2027-10-03T02:30:00+11:00"),
            Expected("med_20271003_02_30", "2027-10-02T15:30:00Z", "2027-10-03T02:30:00+11:00"),
            Expected("med_20271003_02_15", "2027-10-02T15:45:00Z", "2027-10-03T02:45:00+11:00"),
            Expected("med_20271003_03_00", "2027-10-02T16:00:00Z", "2027-10-03T03:00:00+11:00"),
        ])
    }

    /// Lord Howe 2027-04-04, a 30-minute overlap (01:30–02:00 twice): each fires once, at the +11:00 instant.
    @Test func lordHoweHalfHourOverlap() {
        let doses = Self.plan("Australia/Lord_Howe", ["01:15", "01:30", "01:45", "02:00"], on: "2027-04-04")
        #expect(doses == [
            Expected("med_20270404_01_15", "2027-04-03T14:15:00Z", "2027-04-04T01:15:00+11:00"),
            Expected("med_20270404_01_30", "2027-04-03T14:30:00Z", "2027-04-04T01:30:00+11:00"),
            Expected("med_20270404_01_45", "2027-04-03T14:45:00Z", "2027-04-04T01:45:00+11:00"),
            Expected("med_20270404_02_00", "2027-04-03T15:30:00Z", "2027-04-04T02:00:00+10:30"),
        ])
    }

    /// Lord Howe with `every = "15m"` on both transition days: 96 doses a day, each ID once.
    @Test(arguments: ["2027-04-04", "2027-10-03"])
    func lordHoweEveryFifteenMinutes(day: String) {
        let med = F.interval("med", every: .minutes(15), zone: .named("Australia/Lord_Howe"))
        let doses = F.doses(on: day, F.planner([med]))
        #expect(doses.count == 96)
        #expect(Set(doses.map(\.id)).count == 96)
    }

    /// Kathmandu's +05:45 offset appears in `scheduledText`, and 00:00 local is on the previous UTC day.
    @Test func kathmanduQuarterHourOffset() {
        let doses = Self.plan("Asia/Kathmandu", ["00:00", "08:00", "23:59"], on: "2027-01-04")
        #expect(doses == [
            Expected("med_20270104_00_00", "2027-01-03T18:15:00Z", "2027-01-04T00:00:00+05:45"),
            Expected("med_20270104_08_00", "2027-01-04T02:15:00Z", "2027-01-04T08:00:00+05:45"),
            Expected("med_20270104_23_59", "2027-01-04T18:14:00Z", "2027-01-04T23:59:00+05:45"),
        ])
        let med = F.medication("med", times: ["08:00"], zone: .named("Asia/Kathmandu"))
        #expect(F.doses(on: "2027-01-04", F.planner([med])).first?.utcOffset == 20_700)
    }

    /// `dose(_:)` gives the same dose as the horizon for IDs inside gaps and overlaps.
    @Test(arguments: [
        ("America/New_York", "med_20270314_02_30"), ("America/New_York", "med_20271107_01_30"),
        ("Europe/Berlin", "med_20270328_02_30"), ("Europe/Berlin", "med_20271031_02_30"),
        ("Australia/Lord_Howe", "med_20271003_02_15"), ("Australia/Lord_Howe", "med_20270404_01_45"),
    ])
    func lookupAgreesWithHorizon(zone: String, id: String) throws {
        let doseID = try #require(DoseID(parsing: id))
        let med = F.medication("med", times: [doseID.time.description], zone: .named(zone))
        let planner = F.planner([med])
        let planned = F.doses(on: doseID.date.iso8601, planner)
        #expect(planned.count == 1)
        #expect(planner.dose(doseID) == planned.first)
    }
}
