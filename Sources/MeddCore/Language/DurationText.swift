/// A length of time in short words, as a snooze button, a schedule and a report's axis write it:
/// `45 min`, `1 h`, `1 h 30 min`. Unit symbols: no plural.
public enum DurationText {
    public static func translatable(minutes: Int) -> Translatable {
        switch (minutes / 60, minutes % 60) {
        // TRANSLATORS: a length of time: minutes, hours, hours and minutes (on a snooze button, in a schedule, on a report's axis).
        case (0, let rest): Translatable("%1$d min", String(rest))
        case (let hours, 0): Translatable("%1$d h", String(hours))
        case (let hours, let rest): Translatable("%1$d h %2$d min", String(hours), String(rest))
        }
    }

    /// Whole minutes of `span`.
    public static func translatable(_ span: TimeSpan) -> Translatable {
        translatable(minutes: Int(span.seconds / 60))
    }
}
