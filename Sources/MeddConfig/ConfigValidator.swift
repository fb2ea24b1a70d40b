import MeddCore

/// Checks a parsed TOML document against medd.toml(5) and builds the `Configuration`,
/// collecting every problem instead of stopping at the first.
final class ConfigValidator {
    /// A validation error before it has a source position: where it is and what it says.
    struct Issue: Hashable, Sendable {
        var path: ConfigPath
        var anchor: SourceLocator.Anchor
        var message: Translatable
    }

    private(set) var issues: [Issue] = []
    /// What is allowed but probably not meant: `medd --check` prints these, and the configuration stands.
    private(set) var warnings: [Issue] = []
    /// Where `timezone = "Name"` is looked up.
    let zoneDatabase: ZoneDatabase
    /// The rules of every zone named so far, by name.
    var zones: [String: ZoneRules] = [:]

    init(zoneDatabase: ZoneDatabase) {
        self.zoneDatabase = zoneDatabase
    }

    /// The configuration, or nil when `issues` holds at least one error.
    func validate(_ root: TOMLTable) -> Configuration? {
        checkKeys(of: root, at: .root, known: Keys.topLevel)
        let settings = self.settings(root["settings"], at: ConfigPath.root.appending("settings"))
        let medications = self.medications(root["medication"], at: ConfigPath.root.appending("medication"), settings: settings)
        let measurements = self.measurements(root["measurement"], at: ConfigPath.root.appending("measurement"), settings: settings,
                                             medications: Self.tableKeys(root["medication"]))
        let hooks = self.hooks(root["hook"], at: ConfigPath.root.appending("hook"))
        let people = self.people(root["person"], at: ConfigPath.root.appending("person"))
        let sync = self.sync(root["sync"], at: ConfigPath.root.appending("sync"))
        let mail = self.mail(root["mail"], at: ConfigPath.root.appending("mail"))
        let carers = self.carers(root["carer"], at: ConfigPath.root.appending("carer"), mail: root["mail"],
                                 people: Set(medications.compactMap(\.person)))
        guard issues.isEmpty else { return nil }
        warnAboutUnnamedPeople(medications + measurements.map(\.reminders), people: people)
        return Configuration(settings: settings, medications: medications, measurements: measurements, hooks: hooks, zones: zones,
                             people: people, sync: sync, carers: carers, mail: mail)
    }

    /// The keys of a table of tables (the IDs of `[medication.ID]`), whatever their entries hold.
    private static func tableKeys(_ value: TOMLValue?) -> Set<String> {
        Set(value?.table?.keys ?? [])
    }

    /// Records a warning about `path`, shown as `path: text`.
    func warn(_ path: ConfigPath, _ anchor: SourceLocator.Anchor, _ text: Translatable) {
        warnings.append(Issue(path: path, anchor: anchor, message: Self.about(path, text)))
    }

    /// Records an error about `path`, shown as `path: text`.
    func report(_ path: ConfigPath, _ anchor: SourceLocator.Anchor, _ text: Translatable) {
        reportAsIs(path, anchor, Self.about(path, text))
    }

    /// Records an error about `path` whose text already says what it is about.
    func reportAsIs(_ path: ConfigPath, _ anchor: SourceLocator.Anchor, _ message: Translatable) {
        issues.append(Issue(path: path, anchor: anchor, message: message))
    }

    /// `path: text`, or the text alone at the top of the file.
    static func about(_ path: ConfigPath, _ text: Translatable) -> Translatable {
        guard !path.isRoot else { return text }
        // TRANSLATORS: an error about a key of the configuration file: %1$s is where the key is, like
        // medication.metformin.times[1] (never translated), %2$s what is wrong with it.
        return Translatable("%1$s: %2$s", path.description, text)
    }

    /// Reports every key of `table` that is not in `known`, suggesting the nearest known one.
    func checkKeys(of table: TOMLTable, at path: ConfigPath, known: [String]) {
        for key in table.keys where !known.contains(key) {
            let text = if let suggestion = KeySuggester.suggestion(for: key, among: known) {
                // TRANSLATORS: %1$s is a key of the configuration file that medd does not know, %2$s the known key it
                // is probably a misspelling of; both in quotes.
                Translatable("unknown key %1$s; did you mean %2$s?", DisplayText.quoted(key), "\"\(suggestion)\"")
            } else {
                // TRANSLATORS: %1$s is a key of the configuration file that medd does not know, %2$s the keys it
                // could be, like "on", "exec" or "timeout".
                Translatable("unknown key %1$s; expected one of %2$s", DisplayText.quoted(key), Self.alternatives(known.map { "\"\($0)\"" }))
            }
            issues.append(Issue(path: path.appending(key), anchor: .key, message: Self.about(path, text)))
        }
    }

    /// Whether some unknown key of `table` looks like a misspelling of `key`; a missing key
    /// then needs no second error.
    func misspells(_ key: String, in table: TOMLTable, known: [String]) -> Bool {
        table.keys.contains { !known.contains($0) && KeySuggester.suggestion(for: $0, among: known) == key }
    }

    /// What a medication or person ID may be made of.
    // TRANSLATORS: the rule a medication or person ID follows; %1$s is the same rule as a regular expression.
    static let idRule = Translatable("use 1 to 64 lowercase letters, digits and hyphens, starting with a letter or digit (%1$s)",
                                     "[a-z0-9][a-z0-9-]{0,63}")

    /// `missing required key "on"; add e.g. on = ["fired"]`.
    static func missingKey(_ key: String, example: String) -> Translatable {
        // TRANSLATORS: %1$s is the missing key of the configuration file in quotes, %2$s an example of it with a value.
        Translatable("missing required key %1$s; add e.g. %2$s", "\"\(key)\"", example)
    }

    /// `a, b or c`: choices of which one is to be written. The choices are never translated.
    static func alternatives(_ items: [String]) -> any MessageArgument {
        guard items.count > 1 else { return items.first ?? "" }
        // TRANSLATORS: the end of a list of choices, one of which is to be written: %1$s is all but the last,
        // separated by commas, like "mon", "tue"; %2$s is the last, like "sun". The choices are never translated.
        return Translatable("%1$s or %2$s", items.dropLast().joined(separator: ", "), items[items.count - 1])
    }

    /// The keys each table of the configuration may hold (medd.toml(5)), in the order messages list them.
    enum Keys {
        static let topLevel = ["settings", "medication", "measurement", "hook", "person", "sync", "carer", "mail"]
        static let settings = ["horizon_days", "grace", "renotify", "snooze", "early", "timezone",
                               "expiry_warning", "effect"] + alertKeys
        static let medication = [
            "name", "dose", "times", "days", "every_days", "cycle", "monthdays", "every_weeks", "every_months", "every", "after_taken", "from", "until", "start", "end",
            "timezone", "notes", "paused", "paused_until", "as_needed", "min_interval", "max_per_day", "stock", "per_dose", "refill_at",
            "step",
            "person",
            "expires", "remind",
        ] + alertKeys
        static let measurement = [
            "kind", "name", "unit", "readings", "for", "target",
            "times", "days", "every_days", "cycle", "monthdays", "every_weeks", "every_months", "every", "after_taken", "from", "until",
            "start", "end", "timezone", "notes", "paused", "paused_until", "person", "remind",
        ] + alertKeys
        /// The keys of a `times` entry written as a table.
        static let timeEntry = ["at", "dose", "per_dose"]
        /// The keys of a `[[medication.ID.step]]`.
        static let step = ["from", "dose", "per_dose", "times"]
        static let cycle = ["on", "off"]
        static let hook = ["on", "exec", "timeout"]
        static let person = ["name"]
        static let sync = ["url", "username", "password_command", "password_file", "ca_file", "publish_ahead", "keep", "poll", "idle_poll",
                           "timeout"]
        static let carer = ["name", "email", "ntfy", "token_file", "command", "person", "after", "summary", "details", "language"]
        static let mail = ["url", "from", "username", "password_command", "password_file"]
        /// The keys that give a medication a schedule; none of them go with `as_needed = true`.
        static let schedule = ["times", "every", "after_taken", "days", "every_days", "cycle", "monthdays", "every_weeks", "every_months"]
    }
}
