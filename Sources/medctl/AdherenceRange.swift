import ArgumentParser
import MeddCore

/// The due times a report covers, `[since, until)`, with the daemon's defaults: until now, since
/// 30 days before until.
struct AdherenceRange {
    static let defaultDays: Int64 = 30

    let since: Instant
    let until: Instant

    init(since: When?, until: When?, now: Instant = LocalTimeText.now()) throws {
        self.until = until?.instant(now: now) ?? now
        self.since = since?.instant(now: now) ?? self.until - .days(Self.defaultDays)
        guard self.since <= self.until else {
            let end = until == nil ? "now (\(LocalTimeText.dateTime(self.until)))" : LocalTimeText.dateTime(self.until)
            throw ValidationError("--since \(LocalTimeText.dateTime(self.since)) is after --until \(end); no dose can be due in that range")
        }
    }
}
