import MeddCore

/// The `[person.ID]` tables, and the `person` label a medication names.
extension ConfigValidator {
    /// The people by ID. A table no medication names is fine: it is ready for when one does.
    func people(_ value: TOMLValue?, at path: ConfigPath) -> [String: Person] {
        guard let value else { return [:] }
        if let id = value.string {
            // `person = "mum"` above the first table, meant for a medication.
            // TRANSLATORS: %1$s and %3$s are table headers, %2$s a setting of the configuration file; never translated.
            report(path, .value, Translatable("expected a table of people (%1$s), found a string; to say whom a medication is for, write %2$s inside its %3$s table",
                                              "[person.ID]", "person = \(Self.quoted(id))", "[medication.ID]"))
            return [:]
        }
        guard let table = table(value, at: path, expected: Translatable("a table of people (%1$s)", "[person.ID]")) else { return [:] }
        let people = entries(of: table, at: path) { id, entry, entryPath in person(id: id, value: entry, at: entryPath) }
        return Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0) })
    }

    private func person(id: String, value: TOMLValue, at path: ConfigPath) -> Person? {
        let issuesBefore = issues.count
        if !Person.isValidID(id) {
            // TRANSLATORS: %1$s is the ID written, %2$s the rule an ID follows, %3$s a table header as an example.
            report(path, .key, Translatable("%1$s is not a valid person ID; %2$s; write e.g. %3$s",
                                            Self.quoted(id), Self.idRule, "[person.\(Self.labelExample(from: id))]"))
        }
        // TRANSLATORS: %1$s is a table header, %2$s a key of the configuration file; never translated.
        guard let table = table(value, at: path, expected: Translatable("a person table %1$s with an optional %2$s", "[person.ID]", "name")) else {
            return nil
        }
        checkKeys(of: table, at: path, known: Keys.person)
        let name = table["name"].flatMap { text($0, at: path.appending("name"), example: "name = \"Mum\"") }
        guard issues.count == issuesBefore else { return nil }
        return Person(id: id, name: name)
    }

    /// A `person` label with no `[person.ID]` table is fine alone, but where other people have one it is
    /// most likely a slip: a warning, with the nearest ID that has a table.
    func warnAboutUnnamedPeople(_ medications: [Medication], people: [String: Person]) {
        guard !people.isEmpty else { return }
        let known = people.keys.sorted()
        for medication in medications {
            guard let label = medication.person, people[label] == nil else { continue }
            let path = ConfigPath.root.appending(medication.measures == nil ? "medication" : "measurement").appending(medication.id).appending("person")
            if let suggestion = KeySuggester.suggestion(for: label, among: known) {
                // TRANSLATORS: %1$s is the person ID written, %2$s a table header like [person.mum]; %3$s the ID of a
                // person who has a table; never translated.
                warn(path, .value, Translatable("%1$s has no %2$s table, though other people have one; did you mean %3$s?",
                                                Self.quoted(label), "[person.\(label)]", Self.quoted(suggestion)))
            } else {
                // TRANSLATORS: %1$s is the person ID written, %2$s a table header like [person.dad], %3$s the IDs of the
                // people who have a table; never translated.
                warn(path, .value, Translatable("%1$s has no %2$s table, though other people have one (%3$s); add one with their name",
                                                Self.quoted(label), "[person.\(label)]", known.map(Self.quoted).joined(separator: ", ")))
            }
        }
    }

    /// A medication's `person`: a label, whether or not a `[person.ID]` table gives it a name.
    func personID(_ value: TOMLValue, at path: ConfigPath) -> String? {
        guard let id = string(value, at: path, expected: Translatable("a person ID like %1$s", "\"mum\"")) else { return nil }
        guard Person.isValidID(id) else {
            let example = Self.labelExample(from: id)
            // TRANSLATORS: %1$s is the ID written, %2$s the rule an ID follows; %3$s is a setting and %4$s a table
            // header of the configuration file, never translated.
            report(path, .value, Translatable("%1$s is not a valid person ID; %2$s; write e.g. %3$s and give the name in a %4$s table",
                                              Self.quoted(id), Self.idRule, "person = \"\(example)\"", "[person.\(example)]"))
            return nil
        }
        return id
    }

    /// `Aunt May` → `aunt-may`: what the label of a name probably is; `mum` when nothing is left.
    private static func labelExample(from text: String) -> String {
        var label = ""
        for scalar in text.lowercased().unicodeScalars.prefix(64) {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                label.unicodeScalars.append(scalar)
            } else if !label.isEmpty, label.last != "-" {
                label += "-"
            }
        }
        while label.last == "-" { label.removeLast() }
        return label.isEmpty ? "mum" : label
    }
}
