/// The person coming back to the screen: reminders shown while nobody looked are shown again at once.
extension DoseBook {
    /// What brought the person back, as the re-alert's `MEDD_REASON` says.
    public enum Return: String, CaseIterable, Hashable, Sendable {
        case unlocked = "screen unlocked"
        case screensaverEnded = "screensaver ended"
        case resumed = "resumed from sleep"
    }

    /// A reminder shown this recently is on screen already. One unlock can be reported twice (GNOME tells
    /// it through logind and through its screensaver), and a dose that fired on resume needs no re-alert.
    public static let returnQuietPeriod = TimeSpan(seconds: 10)

    /// Brings the book up to `now`, then re-alerts every pending dose not alerted within `returnQuietPeriod`,
    /// replacing its notification. Snoozed doses stay snoozed: the person asked for the quiet.
    public mutating func personReturned(_ why: Return, now: Instant) -> [Effect] {
        var effects = settle(now)
        for record in shownPendingDoses where (record.lastAlert ?? Instant(usec: .min)) + Self.returnQuietPeriod <= now {
            emit(DoseEvent(kind: .renotified, dose: record.dose, at: now, source: .daemon, reason: why.rawValue), into: &effects)
            effects.append(.alert(Alert(dose: record.dose, kind: .renotified, isReturn: true)))
        }
        effects.append(.wakeUp(at: nextWakeUp(after: now)))
        return effects
    }
}
