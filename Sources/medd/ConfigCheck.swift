import MeddConfig
import MeddControl
import MeddCore
import Systemd

/// `medd --check`: the configuration validated without starting the daemon. Prints a one-line
/// summary, or every error as `PATH:LINE:COLUMN: message`, in the person's language; with `--json`
/// an object `{"path", "valid", "medications", "hooks", "errors"}`, in English. `medctl check` runs this.
enum ConfigCheck {
    /// The exit status: 0 valid, 1 not.
    static func run(path: String, json: Bool) -> Int32 {
        let (result, warnings) = ConfigLoader.check(path: path)
        switch result {
        case .success(let configuration):
            let medications = configuration.medications.count
            let hooks = configuration.hooks.count
            let measurements = configuration.measurements.count
            if json {
                print(JSONValue.object([
                    "path": .string(path), "valid": .bool(true), "medications": .integer(medications), "measurements": .integer(measurements),
                    "hooks": .integer(hooks), "errors": .array([]), "warnings": .array(warnings.map(jsonObject)),
                ]).prettyText)
            } else {
                if !warnings.isEmpty { StandardErrorDestination.write(warnings.map(\.localizedDescription).joined(separator: "\n")) }
                // TRANSLATORS: medd --check's summary of a valid configuration: %1$s is the file's path, %2$s how many
                // medications it has ("3 medications"), %3$s how many hooks ("1 hook").
                var counts = trn("%1$d medication", "%1$d medications", count: medications, String(medications))
                if measurements > 0 {
                    // TRANSLATORS: follows the medications in medd --check's summary: "1 medication, 2 measurements, 0 hooks".
                    counts += ", " + trn("%1$d measurement", "%1$d measurements", count: measurements, String(measurements))
                }
                print(tr("%1$s: valid (%2$s, %3$s)", path, counts, trn("%1$d hook", "%1$d hooks", count: hooks, String(hooks))))
            }
            return 0
        case .failure(let errors):
            if json {
                print(JSONValue.object(["path": .string(path), "valid": .bool(false), "errors": .array(errors.diagnostics.map(jsonObject))]).prettyText)
            } else {
                StandardErrorDestination.write(errors.localizedDescription)
            }
            return 1
        }
    }

    private static func jsonObject(_ diagnostic: ConfigDiagnostic) -> JSONValue {
        .object(["line": .integer(diagnostic.line), "column": .integer(diagnostic.column), "message": .string(diagnostic.message.english)])
    }
}
