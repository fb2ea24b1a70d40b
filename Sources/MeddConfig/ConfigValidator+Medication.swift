import MeddCore

/// The `[medication.ID]` tables.
extension ConfigValidator {
    /// `settings` are the ones the file gives: a medication's `escalate_after` must be shorter than their `grace`.
    func medications(_ value: TOMLValue?, at path: ConfigPath, settings: Settings) -> [Medication] {
        guard let value, let table = table(value, at: path, expected: Translatable("a table of medications (%1$s)", "[medication.ID]")) else {
            return []
        }
        return entries(of: table, at: path) { id, entry, entryPath in medication(id: id, value: entry, at: entryPath, settings: settings) }
    }

    private func medication(id: String, value: TOMLValue, at path: ConfigPath, settings: Settings) -> Medication? {
        let issuesBefore = issues.count
        if !MedicationID.isValid(id) {
            // TRANSLATORS: %1$s is the ID written, %2$s the rule an ID follows.
            report(path, .key, Translatable("%1$s is not a valid medication ID; %2$s", Self.quoted(id), Self.idRule))
        }
        // TRANSLATORS: %1$s is a table header, %2$s and %3$s keys of the configuration file; never translated.
        let expectation = Translatable("a medication table %1$s with %2$s, %3$s and a schedule", "[medication.ID]", "name", "dose")
        guard let table = table(value, at: path, expected: expectation) else { return nil }
        checkKeys(of: table, at: path, known: Keys.medication)

        let name = requiredText("name", in: table, at: path, example: "\"Metformin\"")
        let dose = requiredText("dose", in: table, at: path, example: "\"500 mg\"")
        var timeAmounts: [WallTime: DoseAmount] = [:]
        let schedule = schedule(of: table, at: path, timeAmounts: &timeAmounts)
        let start = table["start"].flatMap { date($0, at: path.appending("start")) }
        let end = table["end"].flatMap { date($0, at: path.appending("end")) }
        if let start, let end, end < start {
            // TRANSLATORS: %1$s is the end date written; %2$s is the key start and %3$s its date; %4$s is the key end.
            report(path.appending("end"), .value, Translatable("%1$s is before %2$s %3$s; %4$s is the last day and cannot come before the first",
                                                               "\"\(end)\"", "start", "\"\(start)\"", "end"))
        }
        let timesRefused: Translatable? = if table["as_needed"]?.bool == true {
            // TRANSLATORS: %1$s is the setting as_needed = true, never translated.
            Translatable("%1$s takes no schedule", "as_needed = true")
        } else if table["after_taken"] != nil {
            // TRANSLATORS: %1$s is the key after_taken, never translated: the doses after the first are timed by
            // when the person answers.
            Translatable("%1$s times the doses by the answers", "after_taken")
        } else {
            nil
        }
        let doseSteps = table["step"].map {
            steps($0, at: path.appending("step"), start: start, end: end, timesRefused: timesRefused)
        } ?? []
        let timezone = table["timezone"].flatMap { zone($0, at: path.appending("timezone")) }
        let notes = table["notes"].flatMap { string($0, at: path.appending("notes")) }
        let paused = table["paused"].flatMap { bool($0, at: path.appending("paused")) }
        let pausedUntil = table["paused_until"].flatMap { date($0, at: path.appending("paused_until")) }
        let stock = table["stock"].flatMap { quantity($0, at: path.appending("stock"), atLeast: .zero) }
        let perDose = table["per_dose"].flatMap { quantity($0, at: path.appending("per_dose"), atLeast: .smallest) }
        let refillAt = table["refill_at"].flatMap { quantity($0, at: path.appending("refill_at"), atLeast: .zero) }
        let person = table["person"].flatMap { personID($0, at: path.appending("person")) }
        let expires = table["expires"].flatMap { date($0, at: path.appending("expires")) }
        let alert = alertChoices(in: table, at: path, grace: settings.grace)
        let remind = table["remind"].flatMap { bool($0, at: path.appending("remind")) }
        if remind == false {
            for key in ["as_needed"] + Self.alertKeys where table[key] != nil && !(key == "as_needed" && table[key]?.bool == false) {
                // TRANSLATORS: %1$s is the setting remind = false, never translated; %2$s a key of the configuration file.
                report(path.appending(key), .key, Translatable("has no effect with %1$s: its doses are never shown nor rung; remove %2$s",
                                                               "remind = false", key))
            }
        }
        if table["refill_at"] != nil && table["stock"] == nil {
            // TRANSLATORS: %1$s is the key stock, %2$s an example of it, %3$s the key refill_at; never translated.
            report(path.appending("refill_at"), .key, Translatable("needs %1$s to count down from; add %2$s (units on hand) or remove %3$s",
                                                                   "stock", "stock = 60", "refill_at"))
        }

        guard issues.count == issuesBefore, let name, let dose, let schedule else { return nil }
        var medication = Medication(id: id, name: name, dose: dose, schedule: schedule)
        medication.start = start
        medication.end = end
        medication.timezone = timezone
        medication.notes = notes
        medication.paused = paused ?? false
        medication.pausedUntil = pausedUntil
        medication.stock = stock
        medication.perDose = perDose ?? .one
        medication.refillAt = refillAt
        medication.timeAmounts = timeAmounts
        medication.steps = doseSteps
        medication.person = person
        medication.expires = expires
        medication.alert = alert
        medication.remind = remind ?? true
        return medication
    }

    /// A required string key holding visible text.
    private func requiredText(_ key: String, in table: TOMLTable, at path: ConfigPath, example: String) -> String? {
        guard let value = table[key] else {
            if misspells(key, in: table, known: Keys.medication) { return nil }
            report(path, .key, Self.missingKey(key, example: "\(key) = \(example)"))
            return nil
        }
        return text(value, at: path.appending(key), example: "\(key) = \(example)")
    }
}
