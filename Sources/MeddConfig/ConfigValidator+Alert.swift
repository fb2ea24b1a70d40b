import MeddCore

/// `alert`, `escalate_after` and `sound`, in `[settings]` and in a medication's table.
extension ConfigValidator {
    static let alertKeys = ["alert", "escalate_after", "sound"]

    /// The keys a table sets; nil for each it leaves to the table above. An `escalate_after` a dose is missed
    /// before (not shorter than `grace`) is an error.
    func alertChoices(in table: TOMLTable, at path: ConfigPath, grace: TimeSpan) -> AlertStyle.Choices {
        var choices = AlertStyle.Choices()
        choices.level = table["alert"].flatMap { alertLevel($0, at: path.appending("alert")) }
        choices.escalateAfter = table["escalate_after"].flatMap { escalateAfter($0, at: path.appending("escalate_after"), grace: grace) }
        choices.sound = table["sound"].flatMap { sound($0, at: path.appending("sound")) }
        return choices
    }

    private func alertLevel(_ value: TOMLValue, at path: ConfigPath) -> AlertStyle.Level? {
        let levels = AlertStyle.Level.allCases.map { "\"\($0.rawValue)\"" }
        guard let text = string(value, at: path, expected: Self.alternatives(levels)) else { return nil }
        guard let level = AlertStyle.Level(rawValue: text) else {
            // TRANSLATORS: %1$s is the value written; %2$s and %3$s are the alert levels "normal" and "alarm",
            // never translated.
            report(path, .value, Translatable("%1$s is not an alert level; use %2$s or %3$s (critical from the first reminder)",
                                              Self.quoted(text), "\"normal\"", "\"alarm\""))
            return nil
        }
        return level
    }

    /// `"0"` (never) or at least a minute, shorter than `grace`.
    private func escalateAfter(_ value: TOMLValue, at path: ConfigPath, grace: TimeSpan) -> TimeSpan? {
        guard let span = duration(value, at: path, example: "30m") else { return nil }
        let written = Self.quoted(value.string ?? span.description)
        if span.seconds != 0 && span < .minutes(1) {
            // TRANSLATORS: %1$s is the value written; %2$s is "0" and %3$s a duration (1m), written that way in the file.
            report(path, .value, Translatable("%1$s is too short; use %2$s to never escalate, or %3$s or more", written, "\"0\"", "1m"))
            return nil
        }
        if span >= grace {
            // TRANSLATORS: %1$s is the escalate_after written; %2$s is the key grace and %3$s its value; %4$s is the key
            // escalate_after, %5$s is "0". Keys and values are never translated.
            report(path, .value, Translatable("%1$s is not shorter than %2$s (%3$s): the dose is missed before it would escalate; use a shorter %4$s, %5$s to never escalate, or a longer %2$s",
                                              written, "grace", grace.description, "escalate_after", "\"0\""))
            return nil
        }
        return span
    }

    private func sound(_ value: TOMLValue, at path: ConfigPath) -> AlertStyle.Sound? {
        // TRANSLATORS: the values a sound may have: %1$s is "default", %2$s "none", %3$s an example ("bell").
        let forms = Translatable("%1$s, %2$s, a sound name like %3$s or an absolute path to a sound file", "\"default\"", "\"none\"", "\"bell\"")
        guard let text = string(value, at: path, expected: forms) else { return nil }
        switch text {
        case "default": return .standard
        case "none": return .silent
        default: break
        }
        if text.hasPrefix("/") {
            // Not looked up here: the notification server plays it, outside medd's sandbox, and a file on a
            // disk that is not mounted yet must not stop every reminder.
            guard !text.hasSuffix("/") else {
                report(path, .value, Translatable("%1$s names a directory; give the path of a sound file, or a sound name like %2$s",
                                                  Self.quoted(text), "\"bell\""))
                return nil
            }
            return .file(text)
        }
        guard AlertStyle.isSoundName(text) else {
            // TRANSLATORS: %1$s is the value written; %2$s, %3$s and %4$s are the characters "-", "." and "_"; %5$s is an
            // example ("bell"); %6$s the values a sound may have.
            report(path, .value, Translatable("%1$s is neither a sound name (lowercase letters, digits, %2$s, %3$s and %4$s, like %5$s) nor an absolute path; use %6$s",
                                              Self.quoted(text), "\"-\"", "\".\"", "\"_\"", "\"bell\"", forms))
            return nil
        }
        return .named(text)
    }
}
