import MeddCore
import Testing

/// `PosixTZRule`: the TZ string footer and `TZ=` form, with instants checked against `zdump` by hand.
@Suite struct PosixTZRuleTests {
    typealias F = PlanFixture

    static func offsets(_ text: String, _ instants: [String]) throws -> [Int] {
        let rule = try PosixTZRule(parsing: text)
        return instants.map { rule.offset(atSecond: F.utc($0).seconds) }
    }

    /// Central Europe: the last Sundays of March (02:00 standard) and October (03:00 daylight).
    @Test func northernRule() throws {
        #expect(try Self.offsets("CET-1CEST,M3.5.0,M10.5.0/3", [
            "2027-03-28T00:59:59Z", "2027-03-28T01:00:00Z", "2027-10-31T00:59:59Z", "2027-10-31T01:00:00Z",
        ]) == [3600, 7200, 7200, 3600])
    }

    /// Eastern Australia: daylight time spans the new year.
    @Test func southernRuleAcrossNewYear() throws {
        #expect(try Self.offsets("AEST-10AEDT,M10.1.0,M4.1.0/3", [
            "2027-01-01T00:00:00Z", "2027-04-03T15:59:59Z", "2027-04-03T16:00:00Z", "2027-07-01T00:00:00Z",
            "2027-10-02T15:59:59Z", "2027-10-02T16:00:00Z", "2027-12-31T23:59:59Z",
        ]) == [39_600, 39_600, 36_000, 36_000, 36_000, 39_600, 39_600])
    }

    /// `Jn` never counts February 29 (J60 is always March 1); `n` counts from 0 and does (59 is February 29 in a leap year).
    @Test func julianDays() throws {
        #expect(try Self.offsets("XST3XDT,J60/0,J300/0", ["2028-03-01T02:59:59Z", "2028-03-01T03:00:00Z"]) == [-10_800, -7200])
        #expect(try Self.offsets("XST3XDT,59/0,299/0", ["2028-02-29T02:59:59Z", "2028-02-29T03:00:00Z"]) == [-10_800, -7200])
        #expect(try Self.offsets("XST3XDT,59/0,299/0", ["2027-03-01T02:59:59Z", "2027-03-01T03:00:00Z"]) == [-10_800, -7200])
    }

    /// Version 3 rule times: negative, and past 24 hours (Greenland's rule is 22:00 the day before).
    @Test func extendedRuleTimes() throws {
        #expect(try Self.offsets("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", [
            "2027-03-28T00:59:59Z", "2027-03-28T01:00:00Z", "2027-10-31T00:59:59Z", "2027-10-31T01:00:00Z",
        ]) == [-7200, -3600, -3600, -7200])
        #expect(try Self.offsets("XST0XDT,M3.5.0/167,M10.5.0/-167", ["2027-01-01T00:00:00Z"]) == [0])
    }

    /// Quoted abbreviations with digits and signs; fixed offsets; a daylight time with no rule (glibc's US default).
    @Test func otherForms() throws {
        #expect(try Self.offsets("<+0545>-5:45", ["2027-07-01T00:00:00Z"]) == [20_700])
        #expect(try Self.offsets("<-0330>3:30", ["2027-07-01T00:00:00Z"]) == [-12_600])
        #expect(try Self.offsets("EST5EDT", ["2027-03-14T06:59:59Z", "2027-03-14T07:00:00Z"]) == [-18_000, -14_400])
        #expect(try Self.offsets("NST3:30NDT2:30,M3.2.0,M11.1.0", ["2027-07-01T00:00:00Z"]) == [-9000])
        #expect(try PosixTZRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3").daylight?.abbreviation == "CEST")
    }

    @Test(arguments: [
        ("", "bad TZ string \"\" at character 1: expected an abbreviation of at least 3 letters"),
        ("CET", "bad TZ string \"CET\" at character 4: expected a number"),
        ("AB-1", "bad TZ string \"AB-1\" at character 1: expected an abbreviation of at least 3 letters"),
        ("<AB>-1", "bad TZ string \"<AB>-1\" at character 1: an abbreviation needs at least 3 characters"),
        ("<ABC-1", "bad TZ string \"<ABC-1\" at character 7: expected \">\" closing the quoted abbreviation"),
        ("CET-25", "bad TZ string \"CET-25\" at character 5: hours must be 0 to 24"),
        ("CET-1:60", "bad TZ string \"CET-1:60\" at character 7: minutes and seconds must be 0 to 59"),
        ("CET-1CEST,M13.1.0,M10.5.0", "bad TZ string \"CET-1CEST,M13.1.0,M10.5.0\" at character 12: a month must be 1 to 12"),
        ("CET-1CEST,M3.6.0,M10.5.0", "bad TZ string \"CET-1CEST,M3.6.0,M10.5.0\" at character 14: a week must be 1 to 5"),
        ("CET-1CEST,J0,J365", "bad TZ string \"CET-1CEST,J0,J365\" at character 12: a Jn day must be 1 to 365"),
        ("CET-1CEST,M3.5.0/168,M10.5.0", "bad TZ string \"CET-1CEST,M3.5.0/168,M10.5.0\" at character 18: hours must be 0 to 167"),
        ("CET-1CEST,M3.5.0,M10.5.0/3 ", "bad TZ string \"CET-1CEST,M3.5.0,M10.5.0/3 \" at character 27: unexpected text after the rule"),
        ("CET-1\n", "bad TZ string \"CET-1\\n\" at character 6: expected an abbreviation of at least 3 letters"),
    ])
    func badStrings(text: String, message: String) {
        #expect(throws: ZoneFileError(message)) { try PosixTZRule(parsing: text) }
    }
}
