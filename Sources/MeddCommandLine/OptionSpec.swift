import MeddCore

/// One `--name` a program or one of its verbs accepts: a flag, or an option with a value.
public struct OptionSpec: Equatable, Sendable {
    public let name: String
    /// How the help shows the value (`WHEN`); nil for a flag.
    public let valueName: String?
    public let help: String
    /// The values completion offers (`table`, `json`, `csv`); empty for free text.
    public var choices: [String] = []
    /// The value names a file, and completion offers paths.
    public var takesPath = false
    /// The value names a directory, and completion offers directories.
    public var takesDirectory = false
    /// The verb cannot run without it (the verb checks; the help shows it without brackets).
    public var isRequired = false
    /// It may be given more than once, each value kept (`--file A --file B`); otherwise a later value
    /// replaces an earlier one.
    public var repeats = false

    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    public static func value(_ name: String, _ valueName: String, _ help: String, choices: [String] = [], takesPath: Bool = false,
                             takesDirectory: Bool = false, isRequired: Bool = false, repeats: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, choices: choices, takesPath: takesPath,
                   takesDirectory: takesDirectory, isRequired: isRequired, repeats: repeats)
    }

    public var isFlag: Bool { valueName == nil }

    /// `--at WHEN`, or `--json` for a flag.
    public var synopsis: String { "--" + name + (valueName.map { " " + $0 } ?? "") }

    /// `--name`, as the command line and errors spell it.
    public var spelling: String { "--" + name }
}

/// The options of the `ProgramRequest`s, for the help and the completion scripts.
extension OptionSpec {
    public static var help: OptionSpec { .flag("help", tr("Show this help (also -h).")) }
    public static var version: OptionSpec { .flag("version", tr("Show the version.")) }
    public static var completionScript: OptionSpec {
        .value("generate-completion-script", "SHELL", tr("Print a completion script for bash, zsh or fish."),
               choices: CompletionScript.Shell.allCases.map(\.rawValue))
    }
}
