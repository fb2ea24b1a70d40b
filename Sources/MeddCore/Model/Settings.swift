/// The `[settings]` table, with the contract's defaults.
public struct Settings: Hashable, Sendable {
    public var horizonDays: Int = 14
    public var grace: TimeSpan = .hours(2)
    public var renotify: TimeSpan = .minutes(15)
    public var snooze: [TimeSpan] = [.minutes(10), .minutes(30), .minutes(60)]
    public var early: TimeSpan = .hours(2)
    public var timezone: ZoneChoice = .local

    public init() {}

    /// The snooze length used when an answer names none.
    public var defaultSnooze: TimeSpan { snooze.first ?? .minutes(10) }
}
