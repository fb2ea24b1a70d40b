import MeddCore
import TOMLKit

/// The `[settings]` table.
extension ConfigValidator {
    func settings(_ value: TOMLValue?, at path: ConfigPath) -> Settings {
        var settings = Settings()
        guard let value, let table = table(value, at: path, expected: "a table ([settings])") else { return settings }
        checkKeys(of: table, at: path, known: Keys.settings)
        if let value = table["horizon_days"]?.tomlValue,
           let days = integer(value, at: path.appending("horizon_days"), in: 1...90) {
            settings.horizonDays = days
        }
        if let value = table["grace"]?.tomlValue,
           let grace = positiveDuration(value, at: path.appending("grace"), example: "2h") {
            settings.grace = grace
        }
        if let value = table["renotify"]?.tomlValue, let renotify = renotify(value, at: path.appending("renotify")) {
            settings.renotify = renotify
        }
        if let value = table["snooze"]?.tomlValue, let snooze = snooze(value, at: path.appending("snooze")) {
            settings.snooze = snooze
        }
        if let value = table["early"]?.tomlValue, let early = duration(value, at: path.appending("early")) {
            settings.early = early
        }
        if let value = table["timezone"]?.tomlValue, let zone = zone(value, at: path.appending("timezone")) {
            settings.timezone = zone
        }
        if let value = table["expiry_warning"]?.tomlValue, let warning = expiryWarning(value, at: path.appending("expiry_warning")) {
            settings.expiryWarning = warning
        }
        settings.alert.escalateAfter = Settings.defaultEscalateAfter(grace: settings.grace)
        settings.alert = settings.alert.applying(alertChoices(in: table, at: path, grace: settings.grace))
        return settings
    }

    /// Whole days, from `Settings.expiryWarningDays`.
    private func expiryWarning(_ value: TOMLValue, at path: ConfigPath) -> TimeSpan? {
        guard let span = duration(value, at: path, example: "14d") else { return nil }
        let days = Settings.expiryWarningDays
        guard span.seconds % 86_400 == 0, days.contains(span.seconds / 86_400) else {
            report(path, .value, "\(Self.quoted(value.string ?? span.description)) is not a whole number of days from "
                + "\(days.lowerBound)d to \(days.upperBound)d; write it like \"14d\"")
            return nil
        }
        return span
    }

    /// `"0"` (never) or at least a minute.
    private func renotify(_ value: TOMLValue, at path: ConfigPath) -> TimeSpan? {
        guard let span = duration(value, at: path) else { return nil }
        guard span.seconds == 0 || span >= .minutes(1) else {
            report(path, .value, "\(Self.quoted(value.string ?? span.description)) is too short; use \"0\" to never re-alert, or 1m or more")
            return nil
        }
        return span
    }

    /// A non-empty list of whole-minute lengths from 1m to 24h.
    private func snooze(_ value: TOMLValue, at path: ConfigPath) -> [TimeSpan]? {
        guard let elements = array(value, at: path, expected: "an array of durations like [\"10m\", \"30m\"]") else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, "is empty; list at least one snooze length, e.g. [\"10m\"]; the first is the default")
            return nil
        }
        var spans: [TimeSpan] = []
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let span = positiveDuration(element, at: elementPath, example: "10m") else { continue }
            if span > DoseBook.longestSnooze {
                let longest = "\(DoseBook.longestSnooze.seconds / 3600)h"
                report(elementPath, .value, "\(Self.quoted(element.string ?? span.description)) is longer than \(longest); snooze for at most \(longest)")
            } else if span.seconds % 60 != 0 {
                report(elementPath, .value, "\(Self.quoted(element.string ?? span.description)) is not a whole number of minutes; use e.g. \"1m\" or \"2m\"")
            } else {
                spans.append(span)
            }
        }
        return spans.count == elements.count ? spans : nil
    }
}
