public import MeddCore

/// A DATE-TIME value (RFC 5545 3.3.5): a date and a time of day as written, and what they are local to.
public struct ICalendarDateTime: Hashable, Sendable, CustomStringConvertible {
    /// What the date and time are local to.
    public enum Zone: Hashable, Sendable {
        /// Form 2, `20261122T070000Z`: UTC.
        case utc
        /// Form 1, `20261122T080000` with no TZID: the same wall time in every zone.
        case floating
        /// Form 3, `TZID=Europe/Berlin:20261122T080000`: the zone the TZID names (a VTIMEZONE of the
        /// object or a tz database name), for the caller to resolve.
        case tzid(String)
    }

    public let date: LocalDate
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int
    /// 0 to 60: 60 is a leap second.
    public let second: Int
    public let zone: Zone

    /// A date-time with each field in range; nil otherwise.
    public init?(date: LocalDate, hour: Int, minute: Int, second: Int, zone: Zone) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.zone = zone
    }

    /// The UTC date-time of `instant`, in whole seconds (rounded towards the past).
    public init(utc instant: Instant) {
        let seconds = instant.seconds
        let day = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = Int(seconds - day * 86_400)
        date = LocalDate(dayNumber: day)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        zone = .utc
    }

    /// Reads `20261122T080000Z` (UTC) or `20261122T080000` (floating, or in the zone `tzid` names);
    /// nil for any other text, and for a UTC time given a TZID.
    public init?(parsing text: String, tzid: String? = nil) {
        let bytes = Array(text.utf8)
        guard bytes.count == 15 || bytes.count == 16, let date = Self.date(bytes[0..<8]),
              bytes[8] == UInt8(ascii: "T") || bytes[8] == UInt8(ascii: "t"),
              let hour = Self.number(bytes[9..<11]), let minute = Self.number(bytes[11..<13]),
              let second = Self.number(bytes[13..<15]) else { return nil }
        let zone: Zone
        if bytes.count == 16 {
            // ABNF literals are case-insensitive (RFC 5234 2.3), "Z" and "T" included.
            guard bytes[15] == UInt8(ascii: "Z") || bytes[15] == UInt8(ascii: "z"), tzid == nil else { return nil }
            zone = .utc
        } else {
            zone = tzid.map(Zone.tzid) ?? .floating
        }
        self.init(date: date, hour: hour, minute: minute, second: second, zone: zone)
    }

    /// Reads a DATE value, `20261122`.
    static func date(parsing text: String) -> LocalDate? {
        let bytes = Array(text.utf8)
        return bytes.count == 8 ? date(bytes[0..<8]) : nil
    }

    private static func date(_ digits: ArraySlice<UInt8>) -> LocalDate? {
        guard let year = number(digits.prefix(4)), let month = number(digits.dropFirst(4).prefix(2)),
              let day = number(digits.dropFirst(6)) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The decimal number of a few digits and nothing else.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }

    /// The instant of a UTC date-time (a leap second reads as the first second of the next minute);
    /// nil for a floating or zoned one, whose zone is the caller's to resolve.
    public var instant: Instant? {
        guard zone == .utc else { return nil }
        return Instant(seconds: date.dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second))
    }

    /// `20261122T070000Z` in UTC, `20261122T080000` otherwise: a TZID is the property's parameter,
    /// not part of the value.
    public var description: String {
        func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date.compact)T\(pad2(hour))\(pad2(minute))\(pad2(second))" + (zone == .utc ? "Z" : "")
    }
}
