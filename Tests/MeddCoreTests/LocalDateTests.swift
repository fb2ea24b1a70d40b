import Foundation
import MeddCore
import Testing

/// `LocalDate`: day numbers, weekdays and `YYYY-MM-DD` text across the whole supported range.
/// Anchors were computed with Python's proleptic-Gregorian `datetime.date`.
@Suite struct LocalDateTests {
    typealias F = PlanFixture

    static let firstDay: Int64 = -719_162  // 0001-01-01
    static let lastDay: Int64 = 2_932_896  // 9999-12-31

    /// Known dates have the right day number and weekday.
    @Test(arguments: [
        ("0001-01-01", -719_162, Weekday.mon), ("9999-12-31", 2_932_896, .fri), ("1970-01-01", 0, .thu),
        ("1969-12-31", -1, .wed), ("2000-03-01", 11_017, .wed), ("1600-02-29", -135_081, .tue),
        ("2026-11-22", 20_779, .sun), ("2027-03-14", 20_891, .sun),
    ])
    func anchors(text: String, dayNumber: Int64, weekday: Weekday) throws {
        let date = try #require(LocalDate(parsing: text))
        #expect(date.dayNumber == dayNumber)
        #expect(date.weekday == weekday)
        #expect(LocalDate(dayNumber: dayNumber) == date)
        #expect(date.iso8601 == text)
    }

    /// Every day from 0001-01-01 to 9999-12-31: the day number round-trips, each day follows the previous
    /// one in the calendar, and weekdays cycle.
    @Test func everyDayRoundTrips() {
        var previous = LocalDate(dayNumber: Self.firstDay - 1)
        var weekdayIndex = Weekday.allCases.firstIndex(of: .mon)!
        var failures = 0
        for day in Self.firstDay...Self.lastDay {
            let date = LocalDate(dayNumber: day)
            let expected: (Int, Int, Int)
            if previous.day < Self.daysIn(previous.month, previous.year) {
                expected = (previous.year, previous.month, previous.day + 1)
            } else if previous.month < 12 {
                expected = (previous.year, previous.month + 1, 1)
            } else {
                expected = (previous.year + 1, 1, 1)
            }
            if date.dayNumber != day || (date.year, date.month, date.day) != expected
                || date.weekday != Weekday.allCases[weekdayIndex] {
                failures += 1
                if failures < 5 { Issue.record("day \(day): \(date) (expected \(expected))") }
            }
            previous = date
            weekdayIndex = (weekdayIndex + 1) % 7
        }
        #expect(failures == 0)
        #expect(previous == LocalDate(year: 9999, month: 12, day: 31))
    }

    /// Agrees with Foundation's Gregorian calendar (UTC) from 1600 to 2400, every 7th day.
    @Test func agreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in stride(from: Int64(-135_140), through: 156_000, by: 7) {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            let date = LocalDate(dayNumber: day)
            #expect((date.year, date.month, date.day) == (parts.year!, parts.month!, parts.day!))
            // Foundation: 1 = Sunday … 7 = Saturday.
            #expect(Weekday.allCases[(parts.weekday! + 5) % 7] == date.weekday)
        }
    }

    /// Text round-trips for every year, including years below 1000.
    @Test func textRoundTripsForEveryYear() {
        for year in 1...9999 {
            let date = LocalDate(year: year, month: 2, day: 28)!
            #expect(date.iso8601.count == 10, "\(year)")
            #expect(date.compact.count == 8, "\(year)")
            #expect(LocalDate(parsing: date.iso8601) == date, "\(year)")
        }
        #expect(LocalDate(year: 7, month: 3, day: 9)?.iso8601 == "0007-03-09")
        #expect(LocalDate(year: 7, month: 3, day: 9)?.compact == "00070309")
    }

    /// Leap years and malformed text.
    @Test(arguments: [
        ("2024-02-29", true), ("2000-02-29", true), ("2026-02-29", false), ("2100-02-29", false),
        ("0000-01-01", false), ("2026-13-01", false), ("2026-00-10", false), ("2026-04-31", false),
        ("2026-1-01", false), ("26-01-01", false), ("2026-01-01T", false), ("2026/01/01", false),
        ("+202-01-01", false), ("２０２６-01-01", false), ("2026-01-0a", false), ("", false),
    ])
    func parsing(text: String, valid: Bool) {
        #expect((LocalDate(parsing: text) != nil) == valid)
    }

    /// Comparison and arithmetic.
    @Test func comparison() {
        #expect(F.date("2026-12-31") < F.date("2027-01-01"))
        #expect(F.date("2027-01-01").adding(days: -1) == F.date("2026-12-31"))
        #expect(F.date("2024-02-28").adding(days: 1) == F.date("2024-02-29"))
        #expect(F.date("2026-11-22").compact == "20261122")
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
