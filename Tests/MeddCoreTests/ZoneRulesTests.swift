import Foundation
import MeddCore
import Testing

/// `ZoneRules` directly; expectations from `zdump -v` by hand (see `PlannerDSTTests`).
@Suite struct ZoneRulesTests {
    typealias F = PlanFixture

    static func resolve(_ zone: String, _ date: String, _ time: String) -> (instant: Instant, offset: Int) {
        F.zone(zone).resolve(F.date(date), F.time(time))
    }

    /// Ordinary, gap and overlap times resolve per the DST rules (gap: the offset before it; overlap: the first).
    @Test(arguments: [
        // zone, date, time, expected UTC instant, expected offset
        ("America/New_York", "2027-03-14", "01:59", "2027-03-14T06:59:00Z", -18_000),
        ("America/New_York", "2027-03-14", "02:00", "2027-03-14T07:00:00Z", -14_400),
        ("America/New_York", "2027-03-14", "02:59", "2027-03-14T07:59:00Z", -14_400),
        ("America/New_York", "2027-03-14", "03:00", "2027-03-14T07:00:00Z", -14_400),
        ("America/New_York", "2027-11-07", "00:59", "2027-11-07T04:59:00Z", -14_400),
        ("America/New_York", "2027-11-07", "01:00", "2027-11-07T05:00:00Z", -14_400),
        ("America/New_York", "2027-11-07", "01:59", "2027-11-07T05:59:00Z", -14_400),
        ("America/New_York", "2027-11-07", "02:00", "2027-11-07T07:00:00Z", -18_000),
        ("Europe/Berlin", "2027-03-28", "02:00", "2027-03-28T01:00:00Z", 7_200),
        ("Europe/Berlin", "2027-10-31", "02:00", "2027-10-31T00:00:00Z", 7_200),
        ("Europe/Berlin", "2027-10-31", "02:59", "2027-10-31T00:59:00Z", 7_200),
        ("Europe/Berlin", "2027-10-31", "03:00", "2027-10-31T02:00:00Z", 3_600),
        ("Australia/Lord_Howe", "2027-10-03", "01:59", "2027-10-02T15:29:00Z", 37_800),
        ("Australia/Lord_Howe", "2027-10-03", "02:29", "2027-10-02T15:59:00Z", 39_600),
        ("Australia/Lord_Howe", "2027-04-04", "01:29", "2027-04-03T14:29:00Z", 39_600),
        ("Australia/Lord_Howe", "2027-04-04", "01:59", "2027-04-03T14:59:00Z", 39_600),
        ("Asia/Kathmandu", "2027-07-01", "12:00", "2027-07-01T06:15:00Z", 20_700),
        ("Pacific/Kiritimati", "2027-01-01", "00:00", "2026-12-31T10:00:00Z", 50_400),
        ("Pacific/Pago_Pago", "2027-01-01", "23:00", "2027-01-02T10:00:00Z", -39_600),
        // Havana springs forward at midnight: 00:00 on 2027-03-14 does not exist.
        ("America/Havana", "2027-03-14", "00:00", "2027-03-14T05:00:00Z", -14_400),
        ("America/Havana", "2027-03-14", "00:30", "2027-03-14T05:30:00Z", -14_400),
        // …and falls back at 01:00 CDT to 00:00 CST: 00:30 on 2027-11-07 happens twice.
        ("America/Havana", "2027-11-07", "00:30", "2027-11-07T04:30:00Z", -14_400),
    ])
    func resolve(zone: String, date: String, time: String, utc: String, offset: Int) {
        let resolved = Self.resolve(zone, date, time)
        #expect(resolved.instant == F.utc(utc))
        #expect(resolved.offset == offset)
    }

    /// `local` reads an instant back as a date and wall time, on both sides of each transition.
    @Test(arguments: [
        ("America/New_York", "2027-03-14T06:59:59Z", "2027-03-14", "01:59"),
        ("America/New_York", "2027-03-14T07:00:00Z", "2027-03-14", "03:00"),
        ("America/New_York", "2027-11-07T05:30:00Z", "2027-11-07", "01:30"),
        ("America/New_York", "2027-11-07T06:30:00Z", "2027-11-07", "01:30"),
        ("Australia/Lord_Howe", "2027-04-03T14:45:00Z", "2027-04-04", "01:45"),
        ("Australia/Lord_Howe", "2027-04-03T15:15:00Z", "2027-04-04", "01:45"),
        ("Asia/Kathmandu", "2027-01-03T18:14:59Z", "2027-01-03", "23:59"),
        ("Asia/Kathmandu", "2027-01-03T18:15:00Z", "2027-01-04", "00:00"),
        ("UTC", "1969-12-31T23:59:59Z", "1969-12-31", "23:59"),
    ])
    func local(zone: String, utc: String, date: String, time: String) {
        let local = F.zone(zone).local(F.utc(utc))
        #expect(local.date == F.date(date))
        #expect(local.time == F.time(time))
    }

    /// `startOfDay` is the earliest instant of the date, even when midnight is skipped.
    @Test func startOfDay() {
        #expect(F.zone("America/Havana").startOfDay(F.date("2027-03-14")) == F.utc("2027-03-14T05:00:00Z"))
        #expect(F.zone("America/Havana").startOfDay(F.date("2027-11-07")) == F.utc("2027-11-07T04:00:00Z"))
        #expect(F.zone("America/New_York").startOfDay(F.date("2027-11-07")) == F.utc("2027-11-07T04:00:00Z"))
        #expect(F.zone("Asia/Kathmandu").startOfDay(F.date("2027-01-04")) == F.utc("2027-01-03T18:15:00Z"))
    }

    /// `format` writes ISO 8601 with the zone's offset at that instant.
    @Test func format() {
        let newYork = F.zone("America/New_York")
        #expect(newYork.format(F.utc("2027-03-14T06:59:59Z")) == "2027-03-14T01:59:59-05:00")
        #expect(newYork.format(F.utc("2027-03-14T07:00:00Z")) == "2027-03-14T03:00:00-04:00")
        #expect(F.zone("Asia/Kathmandu").format(F.utc("2027-01-04T02:15:00Z")) == "2027-01-04T08:00:00+05:45")
        #expect(F.zone("America/St_Johns").format(F.utc("2027-01-04T12:00:00Z")) == "2027-01-04T08:30:00-03:30")
        #expect(F.zone("UTC").format(F.utc("2026-11-22T08:00:00Z")) == "2026-11-22T08:00:00+00:00")
    }

    /// `offset(atSecond:)` switches exactly at the transition second.
    @Test func offsetSwitchesAtTransition() {
        let rules = F.zone("Australia/Lord_Howe")
        let transition = F.utc("2027-10-02T15:30:00Z").seconds
        #expect(rules.offset(atSecond: transition - 1) == 37_800)
        #expect(rules.offset(atSecond: transition) == 39_600)
    }
}
