import MeddCommandLine
import MeddCore

extension ParsedArguments {
    /// Refuses a `--med` value that cannot be a medication ID.
    func requireValidMedication(_ medication: String?) throws(UsageError) {
        if let medication, !MedicationID.isValid(medication) {
            throw error(tr("--med %1$s is not a medication ID (lower-case letters, digits and '-')", medication))
        }
    }
}
