import MeddSystem
import MeddControl
import MeddCore
import Systemd

/// Times as people read them: in the user's local zone.
enum LocalTimeText {
    /// The local zone as glibc finds it (UTC when it cannot be read, as glibc does), read once.
    static let rules: ZoneRules = (try? SystemZones.localZone()) ?? .utc

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

    /// The daemon's clock when this run talks to one, else the wall clock. A daemon started with
    /// `--pretend-now` lives on another day, and "today", `--at 08:05` and which times need a date
    /// are its. Taken from a `Status` reply the verb already has (`followDaemon(status:)`), else
    /// asked once on a connection of its own (so a stream in progress is not disturbed), and kept
    /// as an offset from the wall clock; no daemon means the wall clock.
    static func now() -> Instant {
        if daemonOffsetUsec == nil {
            let status = daemonSocket().flatMap { path in try? ControlClient(path: path).call("Status") }
            followDaemon(status: status ?? [:])
        }
        return Instant(usec: wallClock().usec + (daemonOffsetUsec ?? 0))
    }

    /// Sets the clock from a `Status` reply's `nowUsec` (the wall clock when it has none).
    static func followDaemon(status: [String: JSONValue]) {
        daemonOffsetUsec = status["nowUsec"]?.intValue.map { Int64($0) - wallClock().usec } ?? 0
    }

    /// The system's wall clock, whatever daemon this run talks to.
    static func wallClock() -> Instant {
        Instant(usec: Int64(EventLoop.wallClockUsec()))
    }

    /// Where the daemon's clock is asked, when `now` is first needed.
    static func followDaemon(at socket: @escaping () -> String?) {
        daemonSocket = socket
        daemonOffsetUsec = nil
    }

    // medctl is one thread, and these are set once while its arguments are validated.
    nonisolated(unsafe) private static var daemonSocket: () -> String? = { nil }
    nonisolated(unsafe) private static var daemonOffsetUsec: Int64?

    static func today() -> LocalDate {
        rules.local(now()).date
    }
}
