import MeddCommandLine
import MeddCore

/// `medctl check`: validate the configuration offline.
struct CheckCommand: ConfigFileVerb {
    static let name = "check"
    static var abstract: String { tr("Validate the configuration file; exit 0 when it is valid.") }
    static var discussion: String {
        tr("""
        Errors are printed as PATH:LINE:COLUMN: message, all of them at once. --json prints \
        {"path", "valid", "medications", "hooks", "errors": [{"line", "column", "message"}]}. \
        medd reads the file (`medd --check`): medctl runs the medd installed beside it, else the \
        first on PATH.
        """)
    }

    let global: GlobalOptions
    let configPath: String

    func run() throws {
        try MeddProgram.replaceMedctl(with: ["--check", "--config=" + configPath] + (global.json ? ["--json"] : []), verb: Self.name)
    }
}
