import MeddSystem
import MeddControl
import MeddCore
import Systemd

/// Times as people read them: in the user's local zone, written as their locale writes dates and
/// times (`Translation.currentFormats`; the C locale's are ISO 8601 dates and 24-hour times).
enum LocalTimeText {
    /// The local zone as glibc finds it (UTC when it cannot be read, as glibc does), read once.
    static let rules: ZoneRules = (try? SystemZones.localZone()) ?? .utc

    /// `2026-11-22 08:00` (`22.11.2026 08:00` in German, `11/22/2026 08:00 AM` in American English).
    static func dateTime(_ instant: Instant, formats: LocaleFormats = Translation.currentFormats) -> String {
        let (date, time) = rules.local(instant)
        return formats.dateTime(date, time)
    }

    /// `2026-11-22 08:00:01`, to the second.
    static func precise(_ instant: Instant, formats: LocaleFormats = Translation.currentFormats) -> String {
        let (date, time) = rules.local(instant)
        let second = ((instant.seconds + Int64(rules.offset(atSecond: instant.seconds))) % 86_400 + 86_400) % 86_400 % 60
        return formats.date(date) + " " + formats.format(withSeconds(formats.timePattern, second), date: date, time: time)
    }

    /// The time pattern with the seconds after its minutes (`%H:%M` gives `%H:%M:01`); a pattern that
    /// does not write minutes after a colon (`%H时%M分`) stays as it is.
    private static func withSeconds(_ pattern: String, _ second: Int64) -> String {
        let digits = second < 10 ? "0\(second)" : "\(second)"
        guard let minutes = pattern.rangeOfText(":%M") else { return pattern }
        return pattern[..<minutes.upperBound] + ":" + digits + pattern[minutes.upperBound...]
    }

    /// `08:00` when `instant` falls on `today`, else `2026-11-22 08:00`.
    static func short(_ instant: Instant, today: LocalDate, formats: LocaleFormats = Translation.currentFormats) -> String {
        let (date, time) = rules.local(instant)
        return date == today ? formats.time(time) : formats.dateTime(date, time)
    }

    /// A date in the locale's way: `2026-11-22` (`22.11.2026`).
    static func date(_ date: LocalDate, formats: LocaleFormats = Translation.currentFormats) -> String {
        formats.date(date)
    }

    /// An ISO 8601 time from the daemon, shown in the local zone (or as given if it does not parse).
    static func display(iso text: String) -> String {
        Instant(iso8601: text).map { dateTime($0) } ?? text
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
