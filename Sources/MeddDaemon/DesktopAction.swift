import MeddCore

/// A button on a dose's notification; its key is what `ActionInvoked` sends back.
enum DesktopAction: Hashable, Sendable {
    case taken
    case snooze(TimeSpan)
    case skip

    init?(key: String) {
        switch key {
        case "taken": self = .taken
        case "skip": self = .skip
        default:
            guard key.hasPrefix("snooze-"), let minutes = Int64(key.dropFirst("snooze-".count)),
                  minutes > 0, minutes <= DoseBook.longestSnoozeMinutes else { return nil }
            self = .snooze(.minutes(minutes))
        }
    }

    var key: String {
        switch self {
        case .taken: "taken"
        case .snooze(let length): "snooze-\(length.seconds / 60)"
        case .skip: "skip"
        }
    }

    var label: String {
        switch self {
        // TRANSLATORS: a notification's button: the dose was taken.
        case .taken: tr("Taken")
        // TRANSLATORS: a notification's button; %1$s is how long (10 min, 1 h).
        case .snooze(let length): tr("Snooze %1$s", Self.spoken(length))
        // TRANSLATORS: a notification's button: the dose is skipped on purpose.
        case .skip: tr("Skip")
        }
    }

    /// The buttons of a dose's notification: Taken, one per configured snooze length, Skip.
    static func buttons(snoozeLengths: [TimeSpan]) -> [DesktopAction] {
        [.taken] + snoozeLengths.filter { $0.seconds >= 60 }.map { .snooze($0) } + [.skip]
    }

    /// "10 min", "1 h", "1 h 30 min".
    private static func spoken(_ length: TimeSpan) -> String { DurationText.translatable(length).localized }
}
