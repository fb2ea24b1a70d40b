import MeddCore
import TOMLKit

/// The `[medication.ID]` tables.
extension ConfigValidator {
    /// `settings` are the ones the file gives: a medication's `escalate_after` must be shorter than their `grace`.
    func medications(_ value: TOMLValue?, at path: ConfigPath, settings: Settings) -> [Medication] {
        guard let value, let table = table(value, at: path, expected: "a table of medications ([medication.ID])") else {
            return []
        }
        return entries(of: table, at: path) { id, entry, entryPath in medication(id: id, value: entry, at: entryPath, settings: settings) }
    }

    private func medication(id: String, value: TOMLValue, at path: ConfigPath, settings: Settings) -> Medication? {
        let issuesBefore = issues.count
        if !MedicationID.isValid(id) {
            report(path, .key, "\(Self.quoted(id)) is not a valid medication ID; use 1 to 64 lowercase letters, digits and hyphens, "
                + "starting with a letter or digit ([a-z0-9][a-z0-9-]{0,63})")
        }
        let expectation = "a medication table [medication.ID] with name, dose and a schedule"
        guard let table = table(value, at: path, expected: expectation) else { return nil }
        checkKeys(of: table, at: path, known: Keys.medication)

        let name = requiredText("name", in: table, at: path, example: "\"Metformin\"")
        let dose = requiredText("dose", in: table, at: path, example: "\"500 mg\"")
        var timeAmounts: [WallTime: DoseAmount] = [:]
        let schedule = schedule(of: table, at: path, timeAmounts: &timeAmounts)
        let start = table["start"].flatMap { date($0.tomlValue, at: path.appending("start")) }
        let end = table["end"].flatMap { date($0.tomlValue, at: path.appending("end")) }
        if let start, let end, end < start {
            report(path.appending("end"), .value, "\"\(end)\" is before start \"\(start)\"; end is the last day and cannot come before the first")
        }
        let timesRefused = table["as_needed"]?.bool == true ? "as_needed = true takes no schedule"
            : table["after_taken"] != nil ? "after_taken times the doses by the answers" : nil
        let doseSteps = table["step"].map {
            steps($0.tomlValue, at: path.appending("step"), start: start, end: end, timesRefused: timesRefused)
        } ?? []
        let timezone = table["timezone"].flatMap { zone($0.tomlValue, at: path.appending("timezone")) }
        let notes = table["notes"].flatMap { string($0.tomlValue, at: path.appending("notes")) }
        let paused = table["paused"].flatMap { bool($0.tomlValue, at: path.appending("paused")) }
        let stock = table["stock"].flatMap { integer($0.tomlValue, at: path.appending("stock"), in: 0...Int.max) }
        let perDose = table["per_dose"].flatMap { integer($0.tomlValue, at: path.appending("per_dose"), in: 1...Int.max) }
        let refillAt = table["refill_at"].flatMap { integer($0.tomlValue, at: path.appending("refill_at"), in: 0...Int.max) }
        let person = table["person"].flatMap { personID($0.tomlValue, at: path.appending("person")) }
        let expires = table["expires"].flatMap { date($0.tomlValue, at: path.appending("expires")) }
        let alert = alertChoices(in: table, at: path, grace: settings.grace)
        if table["refill_at"] != nil && table["stock"] == nil {
            report(path.appending("refill_at"), .key, "needs stock to count down from; add stock = 60 (units on hand) or remove refill_at")
        }

        guard issues.count == issuesBefore, let name, let dose, let schedule else { return nil }
        var medication = Medication(id: id, name: name, dose: dose, schedule: schedule)
        medication.start = start
        medication.end = end
        medication.timezone = timezone
        medication.notes = notes
        medication.paused = paused ?? false
        medication.stock = stock
        medication.perDose = perDose ?? 1
        medication.refillAt = refillAt
        medication.timeAmounts = timeAmounts
        medication.steps = doseSteps
        medication.person = person
        medication.expires = expires
        medication.alert = alert
        return medication
    }

    /// A required string key holding visible text.
    private func requiredText(_ key: String, in table: TOMLTable, at path: ConfigPath, example: String) -> String? {
        guard let value = table[key]?.tomlValue else {
            if misspells(key, in: table, known: Keys.medication) { return nil }
            report(path, .key, "missing required key \"\(key)\"; add e.g. \(key) = \(example)")
            return nil
        }
        return text(value, at: path.appending(key), example: "\(key) = \(example)")
    }
}
