import MeddCore
import TOMLKit

/// The `[[medication.ID.step]]` tables of a tapering plan.
extension ConfigValidator {
    /// The steps in date order; `start` and `end` are the medication's, to check each step against, and
    /// `timesRefused` says why a step may not give `times`, if it may not.
    func steps(_ value: TOMLValue, at path: ConfigPath, start: LocalDate?, end: LocalDate?, timesRefused: String?) -> [DoseStep] {
        if value.type == .table {
            report(path, .key, "expected an array of tables, found a table; write [[medication.ID.step]] for each step")
            return []
        }
        guard let elements = array(value, at: path, expected: "an array of tables ([[medication.ID.step]])") else { return [] }
        var steps: [DoseStep] = []
        var previous: (from: LocalDate, offset: Int)? = nil
        for (offset, element) in elements.enumerated() {
            let stepPath = path.appending(index: offset)
            guard let step = step(element, at: stepPath, timesRefused: timesRefused) else { continue }
            let fromPath = stepPath.appending("from")
            if let previous, step.from <= previous.from {
                let relation = step.from == previous.from ? "is the same day as" : "comes before"
                report(fromPath, .value, "\"\(step.from)\" \(relation) step[\(previous.offset)]'s \"\(previous.from)\"; "
                    + "list the steps in date order, each on a day of its own")
            } else if let start, step.from < start {
                report(fromPath, .value, "\"\(step.from)\" is before start \"\(start)\"; a step begins on or after the first day")
            } else if let end, step.from > end {
                report(fromPath, .value, "\"\(step.from)\" is after end \"\(end)\"; the step would never apply")
            }
            previous = (step.from, offset)
            steps.append(step)
        }
        return steps.count == elements.count ? steps : []
    }

    private func step(_ value: TOMLValue, at path: ConfigPath, timesRefused: String?) -> DoseStep? {
        guard let table = table(value, at: path, expected: "a step table with from and any of dose, per_dose, times") else {
            return nil
        }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.step)
        var from: LocalDate? = nil
        if let value = table["from"]?.tomlValue {
            from = date(value, at: path.appending("from"))
        } else if !misspells("from", in: table, known: Keys.step) {
            report(path, .key, "missing required key \"from\"; add the first day of the step, e.g. from = \"2026-12-01\"")
        }
        let amount = doseAmount(in: table, at: path)
        let times = table["times"].flatMap { readTimes($0.tomlValue, at: path.appending("times")) }
        if let timesRefused, table["times"] != nil {
            report(path.appending("times"), .key, "\(timesRefused); remove times from this step")
        }
        let changes = ["dose", "per_dose", "times"]
        if !changes.contains(where: { table[$0] != nil }), !changes.contains(where: { misspells($0, in: table, known: Keys.step) }) {
            report(path, .key, "changes nothing; give at least one of dose, per_dose or times")
        }
        guard issues.count == issuesBefore, let from else { return nil }
        return DoseStep(from: from, amount: amount, times: times?.times, timeAmounts: times?.amounts ?? [:])
    }
}
