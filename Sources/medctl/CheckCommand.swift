import ArgumentParser
import MeddConfig
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

    struct Report: Encodable {
        var path: String
        var valid: Bool
        var medications: Int?
        var hooks: Int?
        var errors: [Diagnostic]
    }

    struct Diagnostic: Encodable {
        var line: Int
        var column: Int
        var message: String
    }

    func run() throws {
        let path = try configOption.resolvedPath()
        switch ConfigLoader.load(path: path) {
        case .success(let configuration):
            let medications = configuration.medications.count
            if global.json {
                try Output.json(Report(path: path, valid: true, medications: medications, hooks: configuration.hooks.count, errors: []))
            } else {
                Output.line("\(path): valid (\(medications) medication\(medications == 1 ? "" : "s"), \(configuration.hooks.count) hook\(configuration.hooks.count == 1 ? "" : "s"))")
            }
        case .failure(let errors):
            if global.json {
                let diagnostics = errors.diagnostics.map { Diagnostic(line: $0.line, column: $0.column, message: $0.message) }
                try Output.json(Report(path: path, valid: false, errors: diagnostics))
            } else {
                Output.error(errors.description)
            }
            throw ExitCode(1)
        }
    }
}
