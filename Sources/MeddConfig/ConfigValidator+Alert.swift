import MeddCore
import TOMLKit

/// `alert`, `escalate_after` and `sound`, in `[settings]` and in a medication's table.
extension ConfigValidator {
    static let alertKeys = ["alert", "escalate_after", "sound"]

    /// The keys a table sets; nil for each it leaves to the table above. An `escalate_after` a dose is missed
    /// before (not shorter than `grace`) is an error.
    func alertChoices(in table: TOMLTable, at path: ConfigPath, grace: TimeSpan) -> AlertStyle.Choices {
        var choices = AlertStyle.Choices()
        choices.level = table["alert"].flatMap { alertLevel($0.tomlValue, at: path.appending("alert")) }
        choices.escalateAfter = table["escalate_after"].flatMap { escalateAfter($0.tomlValue, at: path.appending("escalate_after"), grace: grace) }
        choices.sound = table["sound"].flatMap { sound($0.tomlValue, at: path.appending("sound")) }
        return choices
    }

    private func alertLevel(_ value: TOMLValue, at path: ConfigPath) -> AlertStyle.Level? {
        let levels = AlertStyle.Level.allCases.map { "\"\($0.rawValue)\"" }
        guard let text = string(value, at: path, expected: Self.list(levels, conjunction: "or")) else { return nil }
        guard let level = AlertStyle.Level(rawValue: text) else {
            report(path, .value, "\(Self.quoted(text)) is not an alert level; use \"normal\" or \"alarm\" (critical from the first reminder)")
            return nil
        }
        return level
    }

    /// `"0"` (never) or at least a minute, shorter than `grace`.
    private func escalateAfter(_ value: TOMLValue, at path: ConfigPath, grace: TimeSpan) -> TimeSpan? {
        guard let span = duration(value, at: path, example: "30m") else { return nil }
        let written = Self.quoted(value.string ?? span.description)
        if span.seconds != 0 && span < .minutes(1) {
            report(path, .value, "\(written) is too short; use \"0\" to never escalate, or 1m or more")
            return nil
        }
        if span >= grace {
            report(path, .value, "\(written) is not shorter than grace (\(grace)): the dose is missed before it would escalate; "
                + "use a shorter escalate_after, \"0\" to never escalate, or a longer grace")
            return nil
        }
        return span
    }

    private func sound(_ value: TOMLValue, at path: ConfigPath) -> AlertStyle.Sound? {
        let forms = "\"default\", \"none\", a sound name like \"bell\" or an absolute path to a sound file"
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
                report(path, .value, "\(Self.quoted(text)) names a directory; give the path of a sound file, or a sound name like \"bell\"")
                return nil
            }
            return .file(text)
        }
        guard AlertStyle.isSoundName(text) else {
            report(path, .value, "\(Self.quoted(text)) is neither a sound name (lowercase letters, digits, \"-\", \".\" and \"_\", "
                + "like \"bell\") nor an absolute path; use \(forms)")
            return nil
        }
        return .named(text)
    }
}
