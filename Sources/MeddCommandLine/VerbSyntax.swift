/// One thing a program with verbs does (`medctl taken`), as its help and completion show it: what
/// the command line may say to it.
public protocol VerbSyntax {
    static var name: String { get }
    /// One line for the program's `--help`.
    static var abstract: String { get }
    /// The rest of `PROGRAM VERB --help`: formats, defaults, what --json prints.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    static var operand: OperandSpec? { get }
}

extension VerbSyntax {
    public static var discussion: String { "" }
    public static var options: [OptionSpec] { [] }
    public static var operand: OperandSpec? { nil }
}
