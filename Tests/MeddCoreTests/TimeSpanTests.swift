import MeddCore
import PropertyBased
import Testing

/// `TimeSpan(parsing:)` and its shortest `description`.
@Suite struct TimeSpanTests {
    /// Each documented form parses to the right number of seconds and prints in shortest form.
    @Test(arguments: [
        ("45s", 45, "45s"), ("10m", 600, "10m"), ("2h", 7_200, "2h"), ("1h30m", 5_400, "1h30m"),
        ("1d", 86_400, "1d"), ("0", 0, "0"), ("0s", 0, "0"), ("90m", 5_400, "1h30m"), ("3600s", 3_600, "1h"),
        ("1d2h3m4s", 93_784, "1d2h3m4s"), ("25h", 90_000, "1d1h"), ("0h5m", 300, "5m"), ("007m", 420, "7m"),
        ("999999999s", 999_999_999, "11574d1h46m39s"),
    ])
    func parses(text: String, seconds: Int64, shortest: String) throws {
        let span = try #require(TimeSpan(parsing: text))
        #expect(span.seconds == seconds)
        #expect(span.description == shortest)
    }

    /// Malformed spans are rejected.
    @Test(arguments: [
        "", "h", "10", "1x", "1m1h", "1h1h", "-1h", "1.5h", " 1h", "1h ", "1H", "1h30", "00", "m5",
        "1000000000s", "1 h", "1d1d", "١h", "+1h", "1s1m",
    ])
    func rejects(text: String) {
        #expect(TimeSpan(parsing: text) == nil)
    }

    /// `description` parses back to the same span, for any span up to ~30 years.
    @Test func roundTrip() async {
        await propertyCheck(count: 1_000, input: Gen.int64(in: 0...1_000_000_000)) { seconds in
            let span = TimeSpan(seconds: seconds)
            #expect(TimeSpan(parsing: span.description) == span)
        }
    }

    /// Unit helpers and ordering.
    @Test func helpers() {
        #expect(TimeSpan.minutes(3).seconds == 180)
        #expect(TimeSpan.hours(2).seconds == 7_200)
        #expect(TimeSpan.days(1).seconds == 86_400)
        #expect(TimeSpan.zero.seconds == 0)
        #expect(TimeSpan.minutes(1).usec == 60_000_000)
        #expect(TimeSpan.minutes(59) < TimeSpan.hours(1))
    }
}
