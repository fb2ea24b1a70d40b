import MeddCommandLine

/// One thing medctl does (`status`, `taken`, …): what the command line may say to it, and how it
/// runs. Reading the arguments checks them all, so `run` starts only with a valid command.
protocol Verb: VerbSyntax, Sendable {
    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError)
    func run() throws
}
