import MeddCore

/// The `[settings]` table.
extension ConfigValidator {
    func settings(_ value: TOMLValue?, at path: ConfigPath) -> Settings {
        var settings = Settings()
        guard let value, let table = table(value, at: path, expected: Translatable("a table (%1$s)", "[settings]")) else { return settings }
        checkKeys(of: table, at: path, known: Keys.settings)
        if let value = table["horizon_days"],
           let days = integer(value, at: path.appending("horizon_days"), in: 1...90) {
            settings.horizonDays = days
        }
        if let value = table["grace"],
           let grace = positiveDuration(value, at: path.appending("grace"), example: "2h") {
            settings.grace = grace
        }
        if let value = table["renotify"], let renotify = renotify(value, at: path.appending("renotify")) {
            settings.renotify = renotify
        }
        if let value = table["snooze"], let snooze = snooze(value, at: path.appending("snooze")) {
            settings.snooze = snooze
        }
        if let value = table["early"], let early = duration(value, at: path.appending("early")) {
            settings.early = early
        }
        if let value = table["timezone"], let zone = zone(value, at: path.appending("timezone")) {
            settings.timezone = zone
        }
        if let value = table["expiry_warning"], let warning = expiryWarning(value, at: path.appending("expiry_warning")) {
            settings.expiryWarning = warning
        }
        if let value = table["effect"], let mode = effectMode(value, at: path.appending("effect")) {
            settings.effect = mode
        }
        settings.alert.escalateAfter = Settings.defaultEscalateAfter(grace: settings.grace)
        settings.alert = settings.alert.applying(alertChoices(in: table, at: path, grace: settings.grace))
        return settings
    }

    private func effectMode(_ value: TOMLValue, at path: ConfigPath) -> EffectMode? {
        let modes = EffectMode.allCases.map { Self.quoted($0.rawValue) }
        guard let text = string(value, at: path, expected: Translatable("one of %1$s", Self.alternatives(modes))) else { return nil }
        guard let mode = EffectMode(rawValue: text) else {
            // TRANSLATORS: %1$s is the value written; %2$s the modes "conservative", "balanced" and "aggressive", never translated.
            report(path, .value, Translatable("%1$s is not an effect mode; use %2$s", Self.quoted(text), Self.alternatives(modes)))
            return nil
        }
        return mode
    }

    /// Whole days, from `Settings.expiryWarningDays`.
    private func expiryWarning(_ value: TOMLValue, at path: ConfigPath) -> TimeSpan? {
        guard let span = duration(value, at: path, example: "14d") else { return nil }
        let days = Settings.expiryWarningDays
        guard span.seconds % 86_400 == 0, days.contains(span.seconds / 86_400) else {
            // TRANSLATORS: %1$s is the value written; %2$s, %3$s and %4$s are durations as the configuration writes them.
            report(path, .value, Translatable("%1$s is not a whole number of days from %2$s to %3$s; write it like %4$s",
                                              Self.quoted(value.string ?? span.description), "\(days.lowerBound)d", "\(days.upperBound)d", "\"14d\""))
            return nil
        }
        return span
    }

    /// `"0"` (never) or at least a minute.
    private func renotify(_ value: TOMLValue, at path: ConfigPath) -> TimeSpan? {
        guard let span = duration(value, at: path) else { return nil }
        guard span.seconds == 0 || span >= .minutes(1) else {
            // TRANSLATORS: %1$s is the value written; %2$s is "0" and %3$s a duration (1m), written that way in the file.
            report(path, .value, Translatable("%1$s is too short; use %2$s to never re-alert, or %3$s or more",
                                              Self.quoted(value.string ?? span.description), "\"0\"", "1m"))
            return nil
        }
        return span
    }

    /// A non-empty list of whole-minute lengths from 1m to 24h.
    private func snooze(_ value: TOMLValue, at path: ConfigPath) -> [TimeSpan]? {
        guard let elements = array(value, at: path, expected: Translatable("an array of durations like %1$s", "[\"10m\", \"30m\"]")) else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, Translatable("is empty; list at least one snooze length, e.g. %1$s; the first is the default", "[\"10m\"]"))
            return nil
        }
        var spans: [TimeSpan] = []
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let span = positiveDuration(element, at: elementPath, example: "10m") else { continue }
            if span > DoseBook.longestSnooze {
                let longest = "\(DoseBook.longestSnooze.seconds / 3600)h"
                // TRANSLATORS: %1$s is the value written, %2$s the longest snooze, like 24h.
                report(elementPath, .value, Translatable("%1$s is longer than %2$s; snooze for at most %2$s", Self.quoted(element.string ?? span.description), longest))
            } else if span.seconds % 60 != 0 {
                report(elementPath, .value, Self.notWholeMinutes(Self.quoted(element.string ?? span.description), examples: "\"1m\"", "\"2m\""))
            } else {
                spans.append(span)
            }
        }
        return spans.count == elements.count ? spans : nil
    }
}
