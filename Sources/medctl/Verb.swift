/// One thing medctl does (`status`, `taken`, …): what the command line may say to it, and how it
/// runs. Reading the arguments checks them all, so `run` starts only with a valid command.
protocol Verb: Sendable {
    static var name: String { get }
    /// One line for `medctl --help`.
    static var abstract: String { get }
    /// The rest of `medctl VERB --help`: formats, defaults, what --json prints.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    static var operand: OperandSpec? { get }

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError)
    func run() throws
}

extension Verb {
    static var discussion: String { "" }
    static var options: [OptionSpec] { [] }
    static var operand: OperandSpec? { nil }
}
