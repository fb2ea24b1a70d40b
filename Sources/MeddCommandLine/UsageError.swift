import MeddCore

/// A command line a program cannot act on: printed with a pointer to the help (`report(program:)`),
/// and the program ends with its usage status.
public struct UsageError: Error, Equatable {
    public let message: String
    /// The verb whose help explains it, nil for the program's own.
    public var verb: String?

    public init(_ message: String, verb: String? = nil) {
        self.message = message
        self.verb = verb
    }

    /// `PROGRAM: message` and where the help is (`PROGRAM VERB --help`), for standard error.
    public func report(program: String) -> String {
        let help = verb.map { "\(program) \($0) --help" } ?? "\(program) --help"
        // TRANSLATORS: after a usage error; %1$s is a command, `medctl --help` or `medctl taken --help`.
        return "\(program): \(message)\n" + tr("See `%1$s`.", help)
    }
}
