public import Foundation

/// Maps nominal local times of one zone to instants, under medd's DST rules: a time in a
/// spring-forward gap reads with the offset before the gap; one that occurs twice takes the first.
public struct ZoneRules: Sendable {
    public let zone: TimeZone

    public init(zone: TimeZone) { self.zone = zone }

    /// The zone's UTC offset in seconds at an instant.
    public func offset(atSecond second: Int64) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
    }

    /// The instant a nominal local time names, and the offset in force then.
    ///
    /// A time in a spring-forward gap is read with the offset before the gap (02:30 → 03:30);
    /// a time that occurs twice in a fall-back overlap resolves to its first occurrence.
    public func resolve(_ date: LocalDate, _ time: WallTime) -> (instant: Instant, offset: Int) {
        let naive = date.dayNumber * 86_400 + Int64(time.minuteOfDay) * 60
        // No zone's offset changes twice within 36 hours, so these bracket every candidate offset.
        let before = offset(atSecond: naive - 129_600)
        let after = offset(atSecond: naive + 129_600)
        // Fast path: the same offset on both sides almost always means no transition in between.
        if before == after, offset(atSecond: naive - Int64(before)) == before {
            return (Instant(seconds: naive - Int64(before)), before)
        }
        var earliest: Int64? = nil
        for candidate in Set([before, after, offset(atSecond: naive - Int64(before)), offset(atSecond: naive - Int64(after))]) {
            let second = naive - Int64(candidate)
            if offset(atSecond: second) == candidate, second < (earliest ?? .max) { earliest = second }
        }
        let second = earliest ?? naive - Int64(before)
        return (Instant(seconds: second), offset(atSecond: second))
    }

    /// The local calendar date and wall time at an instant (seconds truncated).
    public func local(_ instant: Instant) -> (date: LocalDate, time: WallTime) {
        let shifted = instant.seconds + Int64(offset(atSecond: instant.seconds))
        let day = shifted >= 0 ? shifted / 86_400 : -((-shifted + 86_399) / 86_400)
        let minute = Int((shifted - day * 86_400) / 60)
        return (LocalDate(dayNumber: day), WallTime(minuteOfDay: minute)!)
    }

    /// Local midnight starting the given date (the earliest instant of that date).
    public func startOfDay(_ date: LocalDate) -> Instant {
        resolve(date, WallTime(minuteOfDay: 0)!).instant
    }

    /// The instant formatted in ISO 8601 with this zone's offset.
    public func format(_ instant: Instant) -> String {
        instant.format(offsetSeconds: offset(atSecond: instant.seconds))
    }
}

/// Which time zone a schedule follows: the system's (moving with it) or a pinned IANA zone.
public enum ZoneChoice: Hashable, Sendable, Codable, CustomStringConvertible {
    case local
    case named(String)

    public var description: String {
        switch self {
        case .local: return "local"
        case .named(let identifier): return identifier
        }
    }
}
