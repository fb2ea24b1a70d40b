import MeddCore

/// The `[[medication.ID.step]]` tables of a tapering plan.
extension ConfigValidator {
    /// The steps in date order; `start` and `end` are the medication's, to check each step against, and
    /// `timesRefused` says why a step may not give `times`, if it may not.
    func steps(_ value: TOMLValue, at path: ConfigPath, start: LocalDate?, end: LocalDate?, timesRefused: Translatable?) -> [DoseStep] {
        if value.type == .table {
            // TRANSLATORS: %1$s is a table header of the configuration file, never translated.
            report(path, .key, Translatable("expected an array of tables, found a table; write %1$s for each step", "[[medication.ID.step]]"))
            return []
        }
        guard let elements = array(value, at: path, expected: Translatable("an array of tables (%1$s)", "[[medication.ID.step]]")) else { return [] }
        var steps: [DoseStep] = []
        var previous: (from: LocalDate, offset: Int)? = nil
        for (offset, element) in elements.enumerated() {
            let stepPath = path.appending(index: offset)
            guard let step = step(element, at: stepPath, timesRefused: timesRefused) else { continue }
            let fromPath = stepPath.appending("from")
            if let previous, step.from <= previous.from {
                let arguments = ("\"\(step.from)\"", "step[\(previous.offset)]", "\"\(previous.from)\"")
                report(fromPath, .value, step.from == previous.from
                    // TRANSLATORS: %1$s is the step's date; %2$s an earlier step, like step[0], and %3$s its date.
                    ? Translatable("%1$s is the same day as %2$s's %3$s; list the steps in date order, each on a day of its own",
                                   arguments.0, arguments.1, arguments.2)
                    // TRANSLATORS: %1$s is the step's date; %2$s an earlier step, like step[0], and %3$s its date.
                    : Translatable("%1$s comes before %2$s's %3$s; list the steps in date order, each on a day of its own",
                                   arguments.0, arguments.1, arguments.2))
            } else if let start, step.from < start {
                // TRANSLATORS: %1$s is the step's date; %2$s is the key start and %3$s its date.
                report(fromPath, .value, Translatable("%1$s is before %2$s %3$s; a step begins on or after the first day",
                                                      "\"\(step.from)\"", "start", "\"\(start)\""))
            } else if let end, step.from > end {
                // TRANSLATORS: %1$s is the step's date; %2$s is the key end and %3$s its date.
                report(fromPath, .value, Translatable("%1$s is after %2$s %3$s; the step would never apply", "\"\(step.from)\"", "end", "\"\(end)\""))
            }
            previous = (step.from, offset)
            steps.append(step)
        }
        return steps.count == elements.count ? steps : []
    }

    private func step(_ value: TOMLValue, at path: ConfigPath, timesRefused: Translatable?) -> DoseStep? {
        // TRANSLATORS: %1$s, %2$s, %3$s and %4$s are keys of the configuration file, never translated.
        let expectation = Translatable("a step table with %1$s and any of %2$s, %3$s, %4$s", "from", "dose", "per_dose", "times")
        guard let table = table(value, at: path, expected: expectation) else {
            return nil
        }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.step)
        var from: LocalDate? = nil
        if let value = table["from"] {
            from = date(value, at: path.appending("from"))
        } else if !misspells("from", in: table, known: Keys.step) {
            // TRANSLATORS: %1$s is the missing key in quotes, %2$s an example; never translated.
            report(path, .key, Translatable("missing required key %1$s; add the first day of the step, e.g. %2$s", "\"from\"", "from = \"2026-12-01\""))
        }
        let amount = doseAmount(in: table, at: path)
        let times = table["times"].flatMap { readTimes($0, at: path.appending("times")) }
        if let timesRefused, table["times"] != nil {
            // TRANSLATORS: %1$s says why a step may not give times, like "as_needed = true takes no schedule"; %2$s is
            // the key times.
            report(path.appending("times"), .key, Translatable("%1$s; remove %2$s from this step", timesRefused, "times"))
        }
        let changes = ["dose", "per_dose", "times"]
        if !changes.contains(where: { table[$0] != nil }), !changes.contains(where: { misspells($0, in: table, known: Keys.step) }) {
            // TRANSLATORS: %1$s, %2$s and %3$s are keys of the configuration file, never translated.
            report(path, .key, Translatable("changes nothing; give at least one of %1$s, %2$s or %3$s", "dose", "per_dose", "times"))
        }
        guard issues.count == issuesBefore, let from else { return nil }
        return DoseStep(from: from, amount: amount, times: times?.times, timeAmounts: times?.amounts ?? [:])
    }
}
