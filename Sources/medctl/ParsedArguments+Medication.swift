import MeddCommandLine
import MeddCore

extension ParsedArguments {
    /// Refuses a `--med` value that cannot be a medication ID.
    func requireValidMedication(_ medication: String?) throws(UsageError) {
        if let medication, !MedicationID.isValid(medication) {
            throw error(tr("--med %1$s is not a medication ID (lower-case letters, digits and '-')", medication))
        }
    }

    /// The one operand a verb about one medication takes; `missing` says how to give it.
    func singleOperand(_ missing: String) throws(UsageError) -> String {
        guard let operand = operands.first, !operand.isEmpty else { throw error(missing) }
        return operand
    }

    /// The option's day (YYYY-MM-DD), which must come after today.
    func futureDate(_ name: String) throws(UsageError) -> LocalDate? {
        guard let text = string(name) else { return nil }
        guard let date = LocalDate(parsing: text) else {
            // TRANSLATORS: %1$s is an option (--until), %2$s the value given.
            throw error(tr("%1$s %2$s: expected a day as YYYY-MM-DD", "--" + name, text))
        }
        guard date > LocalTimeText.today() else {
            // TRANSLATORS: %1$s is an option (--until), %2$s the day given.
            throw error(tr("%1$s %2$s is not after today; name the day it resumes", "--" + name, text))
        }
        return date
    }
}
