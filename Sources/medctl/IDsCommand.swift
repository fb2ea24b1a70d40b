import MeddCommandLine
import MeddConfig
import MeddControl
import MeddCore

extension OperandSpec {
    /// One ID of a medication or measurement in the file, completed from `medctl ids`.
    static var configuredID: OperandSpec {
        OperandSpec(valueName: "ID", help: tr("The medication's or measurement's ID from the configuration."), isRequired: true,
                    candidatesVerb: IDsCommand.name)
    }
}

/// `medctl ids`: the medication and measurement IDs of the configuration file, for completion and scripts.
struct IDsCommand: ConfigFileVerb {
    static let name = "ids"
    static var abstract: String { tr("List the medication and measurement IDs of the configuration file, one per line.") }
    static var discussion: String {
        tr("""
            Reads the file itself, with no daemon; the shell completions offer these IDs after pause, resume, remove, \
            refill, measure, taken, snooze and skip. A file with errors lists nothing and exits 1, its errors on standard error. \
            --json prints {"medications": [...], "measurements": [...]}.
            """)
    }

    let global: GlobalOptions
    let configPath: String

    func run() throws {
        let configuration = try ConfigFileChange(path: configPath).configuration
        if global.json {
            return Output.json(.object([
                "medications": .array(configuration.medications.map { .string($0.id) }),
                "measurements": .array(configuration.measurements.map { .string($0.id) }),
            ]))
        }
        for subject in configuration.subjects { Output.line(subject.id) }
    }
}
