import Foundation
import MeddCore

/// Times as people read them: in the user's local zone.
enum LocalTimeText {
    static var rules: ZoneRules { ZoneRules(zone: TimeZone.current) }

    /// `2026-11-22 08:00`.
    static func dateTime(_ instant: Instant) -> String {
        let (date, time) = rules.local(instant)
        return "\(date) \(time)"
    }

    /// `2026-11-22 08:00:01`, to the second.
    static func precise(_ instant: Instant) -> String {
        let (date, _) = rules.local(instant)
        let second = ((instant.seconds + Int64(rules.offset(atSecond: instant.seconds))) % 86_400 + 86_400) % 86_400
        func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date) \(pad(second / 3600)):\(pad(second % 3600 / 60)):\(pad(second % 60))"
    }

    /// `08:00` when `instant` falls on `today`, else `2026-11-22 08:00`.
    static func short(_ instant: Instant, today: LocalDate) -> String {
        let (date, time) = rules.local(instant)
        return date == today ? "\(time)" : "\(date) \(time)"
    }

    /// An ISO 8601 time from the daemon, shown in the local zone (or as given if it does not parse).
    static func display(iso text: String) -> String {
        Instant(iso8601: text).map(dateTime) ?? text
    }

    static func now() -> Instant {
        Instant(usec: Int64(Date().timeIntervalSince1970 * 1_000_000))
    }

    static func today() -> LocalDate {
        rules.local(now()).date
    }
}
