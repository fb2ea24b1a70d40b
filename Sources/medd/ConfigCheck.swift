import MeddConfig
import MeddControl
import MeddCore
import Systemd

/// `medd --check`: the configuration validated without starting the daemon. Prints a one-line
/// summary, or every error as `PATH:LINE:COLUMN: message`; with `--json` an object
/// `{"path", "valid", "medications", "hooks", "errors"}`. `medctl check` runs this.
enum ConfigCheck {
    /// The exit status: 0 valid, 1 not.
    static func run(path: String, json: Bool) -> Int32 {
        switch ConfigLoader.load(path: path) {
        case .success(let configuration):
            let medications = configuration.medications.count
            let hooks = configuration.hooks.count
            if json {
                print(JSONValue.object([
                    "path": .string(path), "valid": .bool(true), "medications": .integer(medications),
                    "hooks": .integer(hooks), "errors": .array([]),
                ]).prettyText)
            } else {
                print("\(path): valid (\(medications) medication\(medications == 1 ? "" : "s"), \(hooks) hook\(hooks == 1 ? "" : "s"))")
            }
            return 0
        case .failure(let errors):
            if json {
                let diagnostics = errors.diagnostics.map {
                    JSONValue.object(["line": .integer($0.line), "column": .integer($0.column), "message": .string($0.message)])
                }
                print(JSONValue.object(["path": .string(path), "valid": .bool(false), "errors": .array(diagnostics)]).prettyText)
            } else {
                StandardErrorDestination.write(errors.description)
            }
            return 1
        }
    }
}
