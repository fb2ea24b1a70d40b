import ICalendar
import MeddCore
import Testing

/// TEXT, INTEGER, DATE and DATE-TIME values: read, made, and their errors.
@Suite struct ValueTests {
    static func property(_ line: String) throws -> ICalendarProperty {
        try #require(try ICalendarParser.parse("BEGIN:A\r\n\(line)\r\nEND:A\r\n").properties.first)
    }

    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { LocalDate(year: year, month: month, day: day)! }

    /// The five escapes are undone; a comma or semicolon left unescaped is kept as it stands.
    @Test(arguments: [
        ("a\\,b\\;c\\\\d\\nE\\NF", "a,b;c\\d\nE\nF"),
        ("unescaped, comma; semicolon", "unescaped, comma; semicolon"),
        ("Grüße 💊\t", "Grüße 💊\t"),
        ("", ""),
    ])
    func unescape(value: String, text: String) {
        #expect(ICalendarText.unescape(value) == text)
    }

    /// A backslash before anything else, or at the end, is not TEXT.
    @Test func invalidEscapes() throws {
        #expect(ICalendarText.unescape("a\\:b") == nil)
        #expect(ICalendarText.unescape("trailing\\") == nil)
        #expect(throws: ICalendarError.invalidValue(line: 2, property: "SUMMARY", expected: .text)) { try Self.property("SUMMARY:a\\tb").text() }
        #expect(throws: ICalendarError.invalidValue(line: 2, property: "CATEGORIES", expected: .text)) { try Self.property("CATEGORIES:a,b\\").texts() }
    }

    /// A list splits at commas not escaped; empty items are kept.
    @Test func textList() throws {
        #expect(try Self.property("CATEGORIES:a,b\\,c,,d\\\\").texts() == ["a", "b,c", "", "d\\"])
        #expect(ICalendarText.unescapeList("") == [""])
    }

    /// Escaping then unescaping gives the text back, line breaks as LF and control characters dropped.
    @Test func escapeRoundTrip() {
        let texts = ["plain", "a,b;c\\d", "one\ntwo\r\nthree\rfour", "tab\tand\u{07}bell", "\\n is no line break", "💊,💊;"]
        let expected = ["plain", "a,b;c\\d", "one\ntwo\nthree\nfour", "tab\tandbell", "\\n is no line break", "💊,💊;"]
        #expect(texts.map { ICalendarText.unescape(ICalendarText.escape($0)) } == expected)
    }

    /// The three forms of DATE-TIME: UTC, floating, and local to a TZID; `T` and `Z` in either case.
    @Test func dateTimeForms() throws {
        let utc = try Self.property("DUE:20261122T080000Z").dateTime()
        #expect(utc == ICalendarDateTime(date: Self.date(2026, 11, 22), hour: 8, minute: 0, second: 0, zone: .utc))
        #expect(utc.instant == Instant(seconds: 1_795_334_400))
        let floating = try Self.property("DUE:20261122T080030").dateTime()
        #expect(floating.zone == .floating && floating.second == 30 && floating.instant == nil)
        let zoned = try Self.property("DUE;TZID=\"/example.org/Europe/Berlin\":20261122T080000").dateTime()
        #expect(zoned.zone == .tzid("/example.org/Europe/Berlin") && zoned.instant == nil)
        #expect(ICalendarDateTime(parsing: "20261122t080000z") == utc)
    }

    /// Anything but exactly `yyyyMMddTHHmmss[Z]` with fields in range is refused.
    @Test(arguments: [
        "20261122T080000+0100", "2026-11-22T08:00:00Z", "20261122T240000Z", "20261122T086000", "20261122T080061",
        "20261131T080000", "20260229T080000", "00001122T080000", "20261122", "20261122T0800", "20261122T080000ZZ",
        "2026112xT080000", "20261122 080000", "",
    ])
    func invalidDateTime(text: String) {
        #expect(ICalendarDateTime(parsing: text) == nil)
    }

    /// Second 60 is a leap second: it reads, and its instant is the next minute's first second.
    @Test func leapSecond() throws {
        let leap = try #require(ICalendarDateTime(parsing: "20261231T235960Z"))
        #expect(leap.second == 60)
        #expect(leap.instant == Instant(seconds: 1_798_761_600))
    }

    /// DATE-TIME errors name the property and its line.
    @Test func dateTimeErrors() throws {
        #expect(throws: ICalendarError.invalidValue(line: 2, property: "DUE", expected: .dateTime)) { try Self.property("DUE:tomorrow").dateTime() }
        #expect(throws: ICalendarError.zoneOnUTCTime(line: 2, property: "DUE")) {
            try Self.property("DUE;TZID=Europe/Berlin:20261122T080000Z").dateTime()
        }
        #expect(throws: ICalendarError.multipleParameterValues(line: 2, property: "DUE", parameter: "TZID")) {
            try Self.property("DUE;TZID=Europe/Berlin,Europe/Paris:20261122T080000").dateTime()
        }
        #expect(throws: ICalendarError.unsupportedValueType(line: 2, property: "DUE", type: "DATE")) {
            try Self.property("DUE;VALUE=DATE:20261122").dateTime()
        }
    }

    /// VALUE=DATE (in any case) reads a DATE, a TZID beside it changing nothing; no VALUE reads a DATE-TIME.
    @Test func dateOrTime() throws {
        #expect(try Self.property("DUE;VALUE=date:20261122").dateOrTime() == .date(Self.date(2026, 11, 22)))
        #expect(try Self.property("DUE;TZID=Europe/Berlin;VALUE=DATE:20261122").dateOrTime() == .date(Self.date(2026, 11, 22)))
        #expect(try Self.property("DUE;VALUE=DATE-TIME:20261122T080000Z").dateOrTime() == .dateTime(try #require(ICalendarDateTime(parsing: "20261122T080000Z"))))
        #expect(throws: ICalendarError.invalidValue(line: 2, property: "DUE", expected: .dateTime)) { try Self.property("DUE:20261122").dateOrTime() }
        #expect(throws: ICalendarError.invalidValue(line: 2, property: "DUE", expected: .date)) { try Self.property("DUE;VALUE=DATE:2026112").dateOrTime() }
        #expect(throws: ICalendarError.invalidValue(line: 2, property: "DUE", expected: .date)) { try Self.property("DUE;VALUE=DATE:20261122T080000").dateOrTime() }
        #expect(throws: ICalendarError.unsupportedValueType(line: 2, property: "RDATE", type: "PERIOD")) {
            try Self.property("RDATE;VALUE=PERIOD:20261122T080000Z/PT1H").dateOrTime()
        }
    }

    /// Date-time and date properties made in code carry TZID or VALUE=DATE, and read back the same.
    @Test func madeDateProperties() throws {
        let zoned = try #require(ICalendarDateTime(date: Self.date(2026, 11, 22), hour: 8, minute: 5, second: 0, zone: .tzid("Europe/Berlin")))
        let due = ICalendarProperty(name: "DUE", dateTime: zoned)
        #expect(try ICalendarWriter.contentLine(of: due) == "DUE;TZID=Europe/Berlin:20261122T080500")
        #expect(try due.dateOrTime() == .dateTime(zoned))
        let day = ICalendarProperty(name: "DUE", date: Self.date(2026, 11, 22))
        #expect(try ICalendarWriter.contentLine(of: day) == "DUE;VALUE=DATE:20261122")
        #expect(try day.dateOrTime() == .date(Self.date(2026, 11, 22)))
        let stamp = ICalendarProperty(name: "DTSTAMP", dateTime: ICalendarDateTime(utc: Instant(seconds: 1_795_334_400)))
        #expect(try ICalendarWriter.contentLine(of: stamp) == "DTSTAMP:20261122T080000Z")
    }

    /// UTC formatting from microseconds or seconds, truncating, before 1970 and before year 1000.
    @Test func utcFormatting() {
        #expect(ICalendarDateTime(utc: Instant(usec: 1_805_009_400_999_999)).description == "20270314T073000Z")
        #expect(ICalendarDateTime(utc: Instant(seconds: 1_795_334_400)).description == "20261122T080000Z")
        #expect(ICalendarDateTime(utc: Instant(usec: -1)).description == "19691231T235959Z")
        #expect(ICalendarDateTime(utc: Instant(seconds: -30_641_760_000)).description == "09990101T000000Z")
        #expect(ICalendarDateTime(utc: Instant(seconds: -62_135_596_800)).description == "00010101T000000Z")
        #expect(ICalendarDateTime(utc: Instant(seconds: 253_402_300_799)).description == "99991231T235959Z")
    }

    /// Any second of years 1 to 9999 formats and parses back to itself.
    @Test func utcRoundTrip() {
        var generator = Xorshift64Star(seed: 5545)
        for _ in 0..<2000 {
            let instant = Instant(seconds: Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator))
            #expect(ICalendarDateTime(parsing: ICalendarDateTime(utc: instant).description)?.instant == instant)
        }
    }

    /// INTEGER: an optional sign and digits within 32 bits, leading zeros allowed.
    @Test func integers() throws {
        let valid = ["100": 100, "+5": 5, "-0": 0, "-2147483648": -2_147_483_648, "2147483647": 2_147_483_647, "000000000000000000042": 42]
        for (text, value) in valid {
            #expect(try Self.property("PERCENT-COMPLETE:\(text)").integer() == value)
        }
        for text in ["", "+", "-", "1.5", "2147483648", "-2147483649", "99999999999999999999999999", " 1", "1 ", "0x10", "--1"] {
            #expect(throws: ICalendarError.invalidValue(line: 2, property: "PERCENT-COMPLETE", expected: .integer)) {
                try Self.property("PERCENT-COMPLETE:\(text)").integer()
            }
        }
    }

    /// A property made in code has no line, and neither does its value's error.
    @Test func madePropertyErrorHasNoLine() {
        let error = ICalendarError.invalidValue(line: nil, property: "PRIORITY", expected: .integer)
        #expect(throws: error) { try ICalendarProperty(name: "PRIORITY", value: "high").integer() }
        #expect(error.description == "the value of PRIORITY is not a valid INTEGER (an optional sign and digits, from -2147483648 to 2147483647)")
    }
}
