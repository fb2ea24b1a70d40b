import ArgumentParser
import MeddConfig
import MeddControl
import MeddCore

/// `medctl check`: validate the configuration offline.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the configuration file; exit 0 when it is valid.",
        discussion: "Errors are printed as PATH:LINE:COLUMN: message, all of them at once."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var configOption: ConfigOption

    func run() throws {
        let path = try configOption.resolvedPath()
        switch ConfigLoader.load(path: path) {
        case .success(let configuration):
            let medications = configuration.medications.count
            if global.json {
                Output.json(.object([
                    "path": .string(path), "valid": .bool(true), "medications": .integer(medications),
                    "hooks": .integer(configuration.hooks.count), "errors": .array([]),
                ]))
            } else {
                Output.line("\(path): valid (\(medications) medication\(medications == 1 ? "" : "s"), \(configuration.hooks.count) hook\(configuration.hooks.count == 1 ? "" : "s"))")
            }
        case .failure(let errors):
            if global.json {
                let diagnostics = errors.diagnostics.map {
                    JSONValue.object(["line": .integer($0.line), "column": .integer($0.column), "message": .string($0.message)])
                }
                Output.json(.object(["path": .string(path), "valid": .bool(false), "errors": .array(diagnostics)]))
            } else {
                Output.error(errors.description)
            }
            throw ExitCode(1)
        }
    }
}
