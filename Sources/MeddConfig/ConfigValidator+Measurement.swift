import MeddCore

/// The `[measurement.ID]` tables.
extension ConfigValidator {
    /// `medications` are the IDs of the file's `[medication.ID]` tables, which `for` names and which no
    /// measurement may share.
    func measurements(_ value: TOMLValue?, at path: ConfigPath, settings: Settings, medications: Set<String>) -> [Measurement] {
        guard let value, let table = table(value, at: path, expected: Translatable("a table of measurements (%1$s)", "[measurement.ID]")) else {
            return []
        }
        return entries(of: table, at: path) { id, entry, entryPath in
            measurement(id: id, value: entry, at: entryPath, settings: settings, medications: medications)
        }
    }

    private func measurement(id: String, value: TOMLValue, at path: ConfigPath, settings: Settings, medications: Set<String>) -> Measurement? {
        let issuesBefore = issues.count
        if !MedicationID.isValid(id) {
            // TRANSLATORS: %1$s is the ID written, %2$s the rule an ID follows.
            report(path, .key, Translatable("%1$s is not a valid measurement ID; %2$s", Self.quoted(id), Self.idRule))
        } else if medications.contains(id) {
            // TRANSLATORS: %1$s and %2$s are table headers like [medication.bp] and [measurement.bp]; never translated.
            report(path, .key, Translatable("the ID is used by %1$s too; a measurement and a medication need different IDs, so rename one of them",
                                            "[medication.\(id)]"))
        }
        // TRANSLATORS: %1$s is a table header, %2$s a key of the configuration file; never translated.
        guard let table = table(value, at: path, expected: Translatable("a measurement table %1$s with %2$s", "[measurement.ID]", "kind")) else {
            return nil
        }
        let medicationOnly = Keys.medication.filter { !Keys.measurement.contains($0) }
        for key in table.keys where medicationOnly.contains(key) {
            // TRANSLATORS: %1$s is a key of the configuration file that only medications take, like dose or stock.
            report(path.appending(key), .key, Translatable("%1$s is a medication's key; a measurement has no dose, stock or expiry, so remove it",
                                                           Self.quoted(key)))
        }
        checkKeys(of: table, at: path, known: Keys.measurement + medicationOnly)

        let kind = measurementKind(in: table, at: path)
        let name = table["name"].flatMap { text($0, at: path.appending("name"), example: "name = \"Blood pressure\"") }
        let unit = kind.flatMap { kind in table["unit"].flatMap { measurementUnit($0, of: kind, at: path.appending("unit")) } }
        let readings = table["readings"].flatMap { integer($0, at: path.appending("readings"), in: Measurement.readingsLimit) }
        let target = kind.flatMap { kind in table["target"].flatMap { measurementTarget($0, of: kind, at: path.appending("target")) } }
        let medicationIDs = table["for"].flatMap { forMedications($0, at: path.appending("for"), medications: medications) }
        let hasSchedule = Keys.schedule.contains { table[$0] != nil }
        var timeAmounts: [WallTime: DoseAmount] = [:]
        let schedule = hasSchedule ? self.schedule(of: table, at: path, timeAmounts: &timeAmounts) : .asNeeded(minInterval: nil, maxPerDay: nil)
        if !timeAmounts.isEmpty {
            // TRANSLATORS: %1$s is the key times, %2$s an example of it; never translated.
            report(path.appending("times"), .value, Translatable("a reminder to measure has no dose; write %1$s as plain times, like %2$s",
                                                                 "times", "times = [\"07:30\", \"19:30\"]"))
        }
        if !hasSchedule {
            for key in ["from", "until"] + Self.alertKeys + ["remind"] where table[key] != nil {
                // TRANSLATORS: %1$s is a key of the configuration file, %2$s an example of times; never translated.
                report(path.appending(key), .key, Translatable("only applies to reminders to measure; add %1$s or remove %2$s",
                                                               "times = [\"07:30\"]", key))
            }
        }
        let start = table["start"].flatMap { date($0, at: path.appending("start")) }
        let end = table["end"].flatMap { date($0, at: path.appending("end")) }
        if let start, let end, end < start {
            // TRANSLATORS: %1$s is the end date written; %2$s is the key start and %3$s its date; %4$s is the key end.
            report(path.appending("end"), .value, Translatable("%1$s is before %2$s %3$s; %4$s is the last day and cannot come before the first",
                                                               "\"\(end)\"", "start", "\"\(start)\"", "end"))
        }
        let timezone = table["timezone"].flatMap { zone($0, at: path.appending("timezone")) }
        let notes = table["notes"].flatMap { string($0, at: path.appending("notes")) }
        let paused = table["paused"].flatMap { bool($0, at: path.appending("paused")) }
        let pausedUntil = table["paused_until"].flatMap { date($0, at: path.appending("paused_until")) }
        let person = table["person"].flatMap { personID($0, at: path.appending("person")) }
        let alert = alertChoices(in: table, at: path, grace: settings.grace)
        let remind = table["remind"].flatMap { bool($0, at: path.appending("remind")) }
        if remind == false {
            for key in Self.alertKeys where table[key] != nil {
                // TRANSLATORS: %1$s is the setting remind = false, never translated; %2$s a key of the configuration file.
                report(path.appending(key), .key, Translatable("has no effect with %1$s: its reminders are never shown nor rung; remove %2$s",
                                                               "remind = false", key))
            }
        }

        guard issues.count == issuesBefore, let kind, let schedule else { return nil }
        var measurement = Measurement(id: id, kind: kind, name: name, unit: unit, schedule: schedule)
        measurement.readingsPerReminder = readings ?? 1
        measurement.medications = medicationIDs ?? []
        measurement.target = target
        measurement.reminders.start = start
        measurement.reminders.end = end
        measurement.reminders.timezone = timezone
        measurement.reminders.notes = notes
        measurement.reminders.paused = paused ?? false
        measurement.reminders.pausedUntil = pausedUntil
        measurement.reminders.person = person
        measurement.reminders.alert = alert
        measurement.reminders.remind = remind ?? true
        return measurement
    }

    private func measurementKind(in table: TOMLTable, at path: ConfigPath) -> MeasurementKind? {
        let kinds = MeasurementKind.allCases.map(\.rawValue)
        guard let value = table["kind"] else {
            if !misspells("kind", in: table, known: Keys.measurement) {
                report(path, .key, Self.missingKey("kind", example: "kind = \"blood_pressure\""))
            }
            return nil
        }
        let expectation = Translatable("one of %1$s", Self.alternatives(kinds.map(Self.quoted)))
        guard let text = string(value, at: path.appending("kind"), expected: expectation) else { return nil }
        if let kind = MeasurementKind(rawValue: text) { return kind }
        let message = if let suggestion = KeySuggester.suggestion(for: text, among: kinds) {
            // TRANSLATORS: %1$s is the kind of measurement written, %2$s the known kind it probably misspells; both in quotes.
            Translatable("unknown kind %1$s; did you mean %2$s?", Self.quoted(text), Self.quoted(suggestion))
        } else {
            // TRANSLATORS: %1$s is the kind of measurement written, %2$s the kinds medd knows.
            Translatable("unknown kind %1$s; use %2$s", Self.quoted(text), Self.alternatives(kinds.map(Self.quoted)))
        }
        report(path.appending("kind"), .value, message)
        return nil
    }

    private func measurementUnit(_ value: TOMLValue, of kind: MeasurementKind, at path: ConfigPath) -> String? {
        guard let text = string(value, at: path) else { return nil }
        if kind == .number {
            guard text.utf8.count <= 32, !text.contains(where: { $0.isNewline }) else {
                // TRANSLATORS: a number's unit is any short text, like "steps" or "mmol/mol".
                report(path, .value, Translatable("is too long; a unit is one line of at most %1$d bytes", "32"))
                return nil
            }
            return text
        }
        guard kind.units.contains(text) else {
            if kind.units.count == 1 {
                // TRANSLATORS: %1$s is a kind of measurement like "blood_pressure", %2$s its only unit like "mmHg", %3$s the key unit.
                report(path, .key, Translatable("%1$s readings are always in %2$s; remove %3$s", Self.quoted(kind.rawValue), kind.units[0], "unit"))
            } else {
                // TRANSLATORS: %1$s is the unit written, %2$s a kind of measurement, %3$s the units it takes, like "kg" or "lb".
                report(path, .value, Translatable("%1$s is not a unit of %2$s; use %3$s", Self.quoted(text), Self.quoted(kind.rawValue),
                                                  Self.alternatives(kind.units.map(Self.quoted))))
            }
            return nil
        }
        return text
    }

    private func measurementTarget(_ value: TOMLValue, of kind: MeasurementKind, at path: ConfigPath) -> MeasurementTarget? {
        let example = kind == .bloodPressure ? "\"135/85\"" : "\"\(kind.targetExample)\""
        // TRANSLATORS: %1$s is an example target, like "135/85" or "70-130".
        guard let text = string(value, at: path, expected: Translatable("a string like %1$s", example)) else { return nil }
        switch MeasurementTarget.parse(text, kind: kind) {
        case .success(let target):
            return target
        case .failure:
            let form = kind == .bloodPressure
                // TRANSLATORS: the form of a blood pressure target: SYS and DIA are never translated.
                ? Translatable("the upper bound %1$s, like %2$s", "SYS/DIA", example)
                // TRANSLATORS: the form of any other target: LOW and HIGH are never translated.
                : Translatable("the range %1$s with the low end first, like %2$s", "LOW-HIGH", example)
            // TRANSLATORS: %1$s is the target written, %2$s the form it takes.
            report(path, .value, Translatable("%1$s is not a target; write %2$s", Self.quoted(text), form))
            return nil
        }
    }

    private func forMedications(_ value: TOMLValue, at path: ConfigPath, medications: Set<String>) -> [String]? {
        // TRANSLATORS: %1$s is an example list of medication IDs.
        guard let items = array(value, at: path, expected: Translatable("a list of medication IDs like %1$s", "[\"lisinopril\"]")) else {
            return nil
        }
        var ids: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index: index)
            guard let id = string(item, at: itemPath, expected: Translatable("a medication ID like %1$s", "\"lisinopril\"")) else { continue }
            guard medications.contains(id) else {
                let known = medications.sorted()
                let message = if let suggestion = KeySuggester.suggestion(for: id, among: known) {
                    // TRANSLATORS: %1$s is the ID written, %2$s a table header; %3$s the ID it probably misspells.
                    Translatable("%1$s names no medication (there is no %2$s); did you mean %3$s?", Self.quoted(id), "[medication.\(id)]",
                                 Self.quoted(suggestion))
                } else {
                    // TRANSLATORS: %1$s is the ID written, %2$s a table header like [medication.lisinopril].
                    Translatable("%1$s names no medication (there is no %2$s)", Self.quoted(id), "[medication.\(id)]")
                }
                report(itemPath, .value, message)
                continue
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}
