import MeddCore

/// The options of the `ProgramRequest`s, for the help and the completion scripts.
extension OptionSpec {
    public static var help: OptionSpec { .flag("help", tr("Show this help (also -h).")) }
    public static var version: OptionSpec { .flag("version", tr("Show the version.")) }
    public static var completionScript: OptionSpec {
        .value("generate-completion-script", "SHELL", tr("Print a completion script for bash, zsh or fish."),
               choices: CompletionScript.Shell.allCases.map(\.rawValue))
    }
}
