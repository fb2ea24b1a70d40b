/// One `--name` a verb (or medctl itself) accepts: a flag, or an option with a value.
struct OptionSpec: Equatable {
    let name: String
    /// How the help shows the value (`WHEN`); nil for a flag.
    let valueName: String?
    let help: String
    /// The values completion offers (`table`, `json`, `csv`); empty for free text.
    var choices: [String] = []
    /// The value names a file, and completion offers paths.
    var takesPath = false
    /// The value names a directory, and completion offers directories.
    var takesDirectory = false
    /// The verb cannot run without it (the verb checks; the help shows it without brackets).
    var isRequired = false
    /// It may be given more than once, each value kept (`--file A --file B`); otherwise a later value
    /// replaces an earlier one.
    var repeats = false

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, choices: [String] = [], takesPath: Bool = false,
                      takesDirectory: Bool = false, isRequired: Bool = false, repeats: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, choices: choices, takesPath: takesPath,
                   takesDirectory: takesDirectory, isRequired: isRequired, repeats: repeats)
    }

    var isFlag: Bool { valueName == nil }

    /// `--at WHEN`, or `--json` for a flag.
    var synopsis: String { "--" + name + (valueName.map { " " + $0 } ?? "") }
}

/// The words after a verb's options (`DOSE-OR-MED …`).
struct OperandSpec: Equatable {
    let valueName: String
    let help: String
    /// Any number may follow, rather than at most one.
    var repeats = false
    /// The verb cannot run without it (the verb checks; the help shows it without brackets).
    var isRequired = false
    /// It names a file, and completion offers paths.
    var takesPath = false
}
