/// What a command line may ask of a program instead of its work: its help, its version, or a
/// completion script for a shell.
public enum ProgramRequest: Equatable, Sendable {
    case help
    case version
    case completionScript(CompletionScript.Shell)

    /// Where on the command line requests are read: before a verb (or in a program without verbs)
    /// every one of them, after a verb only its help (`medctl taken --help`).
    public enum Scope: Sendable {
        case program, verb
    }
}
