/// A proleptic Gregorian calendar date with no zone: the "nominal" day of a dose.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (Howard Hinnant's civil-from-days algorithm).
    public init(dayNumber: Int64) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    }

    /// Accepts exactly `YYYY-MM-DD`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var dayNumber: Int64 { Self.dayNumber(year: Int64(year), month: month, day: day) }

    /// Days since 1970-01-01 of a proleptic Gregorian date in any year (Hinnant's days-from-civil),
    /// for rules that name dates outside `LocalDate`'s years. The day may run past the month's end.
    static func dayNumber(year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func isLeap(_ year: Int64) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = Int(((dayNumber % 7) + 7 + 3) % 7)
        return Weekday.allCases[index]
    }

    public func adding(days: Int64) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    public var iso8601: String { "\(paddedYear)-\(pad2(month))-\(pad2(day))" }
    /// `yyyyMMdd`, the date part of a dose ID.
    public var compact: String { "\(paddedYear)\(pad2(month))\(pad2(day))" }
    /// Four digits, so years below 1000 still parse back.
    private var paddedYear: String { year < 1000 ? String(String(year + 10_000).dropFirst()) : "\(year)" }
    public var description: String { iso8601 }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// 28 to 31.
    public var daysInMonth: Int { Self.daysIn(month: month, year: year) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(Int64(year)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A day of the week, written in the configuration as `mon` … `sun`.
public enum Weekday: String, CaseIterable, Hashable, Sendable, Codable {
    case mon, tue, wed, thu, fri, sat, sun
}
