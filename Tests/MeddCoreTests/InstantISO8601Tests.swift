import Foundation
import MeddCore
import Testing

/// `Instant(iso8601:)`: the instants control calls carry (`at`, `from`, `since`), with an explicit zone.
@Suite struct InstantISO8601Tests {
    /// Accepted spellings give the instant they name.
    @Test(arguments: [
        ("2026-11-22T08:00:00+01:00", Int64(1_795_330_800_000_000)),
        ("2026-11-22T07:00:00Z", 1_795_330_800_000_000),
        ("2026-11-22t07:00z", 1_795_330_800_000_000),
        ("2026-11-22 08:00+0100", 1_795_330_800_000_000),
        ("2026-11-22T02:00:00-05:00", 1_795_330_800_000_000),
        ("2026-11-22T07:00:00.25Z", 1_795_330_800_250_000),
        ("2026-11-22T07:00:00,000001Z", 1_795_330_800_000_001),
        ("2026-11-22T07:00:00.123456789Z", 1_795_330_800_123_456),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1_000_000),
    ])
    func accepted(text: String, usec: Int64) {
        #expect(Instant(iso8601: text) == Instant(usec: usec))
    }

    /// Anything without a zone, out of range or with stray characters is refused.
    @Test(arguments: [
        "", "2026-11-22", "2026-11-22T08:00:00", "2026-11-22T08:00", "2026-11-22T24:00:00Z", "2026-11-22T08:60Z",
        "2026-11-22T08:00:60Z", "2026-02-30T08:00Z", "2026-11-22T08:00:00+25:00", "2026-11-22T08:00:00+01:60",
        "2026-11-22T08:00:00.Z", "2026-11-22T08:00:00.1234567890Z", "2026-11-22X08:00Z", "2026-11-22T8:00Z",
        "2026-11-22T08:00Z ", " 2026-11-22T08:00Z", "2026-11-22T08:00:00+1", "yesterday", "2026-11-22T08:00:00+01:00x",
        "２０２６-11-22T08:00Z",
    ])
    func refused(text: String) {
        #expect(Instant(iso8601: text) == nil)
    }

    /// The text of an instant: four-digit years, offsets either side of UTC, seconds kept.
    @Test(arguments: [
        (Int64(0), -(5 * 3600 + 1800), "1969-12-31T18:30:00-05:30"),
        (1_795_158_427, 3600, "2026-11-20T08:07:07+01:00"),
        (253_402_300_799, 0, "9999-12-31T23:59:59+00:00"),
        (-30_610_224_000, 14 * 3600, "1000-01-01T14:00:00+14:00"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00+00:00"),
    ])
    func formats(seconds: Int64, offset: Int, text: String) {
        #expect(Instant(seconds: seconds).format(offsetSeconds: offset) == text)
    }

    /// Whatever `format(offsetSeconds:)` writes, the parser reads back, for instants across the range.
    @Test func formatRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let instant = Instant(seconds: Int64.random(in: -62_000_000_000...253_000_000_000, using: &generator))
            let offset = Int.random(in: -14 * 60...14 * 60, using: &generator) * 60
            let text = instant.format(offsetSeconds: offset)
            #expect(Instant(iso8601: text) == instant, "\(text)")
        }
    }
}
