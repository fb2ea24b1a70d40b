import MeddCommandLine
import MeddCore

/// A point in time on the command line: `YYYY-MM-DD` (local midnight), `HH:MM` (today, local
/// time), a span such as `30d` or `12h` (that long ago), or an ISO 8601 instant.
struct When: ArgumentValue, Equatable, Sendable {
    enum Kind: Equatable {
        case date(LocalDate)
        case timeToday(WallTime)
        case ago(TimeSpan)
        case instant(Instant)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    init?(argument: String) {
        if let date = LocalDate(parsing: argument) {
            kind = .date(date)
        } else if argument.count == 5, let time = WallTime(parsing: argument) {
            kind = .timeToday(time)
        } else if let span = TimeSpan(parsing: argument), span.seconds > 0 {
            kind = .ago(span)
        } else if let instant = Instant(iso8601: argument) {
            kind = .instant(instant)
        } else {
            return nil
        }
    }

    // TRANSLATORS: completes "--since soon: expected %3$s"; YYYY-MM-DD, HH:MM and 30d are typed as they are.
    static var expectation: String { tr("YYYY-MM-DD, HH:MM, a span such as 30d (that long ago) or an ISO 8601 instant") }

    func instant(in rules: ZoneRules = LocalTimeText.rules, now: Instant = LocalTimeText.now()) -> Instant {
        switch kind {
        case .date(let date): return rules.startOfDay(date)
        case .timeToday(let time): return rules.resolve(rules.local(now).date, time).instant
        case .ago(let span): return now - span
        case .instant(let instant): return instant
        }
    }

    /// ISO 8601 with the local offset, as the daemon takes it.
    func iso(in rules: ZoneRules = LocalTimeText.rules, now: Instant = LocalTimeText.now()) -> String {
        rules.format(instant(in: rules, now: now))
    }
}
