import MeddCommandLine
import MeddCore

/// `medctl carers test [ID…]`: a test message to each carer's channels, sent by medd-sync.
struct CarersCommand: Verb {
    static let name = "carers"
    static var abstract: String { tr("Send a test message to carers ([carer.ID]) on each of their channels.") }
    static var discussion: String {
        tr("""
            carers test sends a test message on every channel (email, ntfy, command) of each carer named, or \
            of every carer, and prints what became of each; exit status 1 when one failed. medctl never \
            touches the network: it runs medd-sync --test-carers (beside medctl, else on PATH), which reads \
            the configuration and the passwords and tokens as the running medd-sync does.
            """)
    }
    static var options: [OptionSpec] { [ConfigOption.option] }
    static var operand: OperandSpec? {
        OperandSpec(valueName: "test [ID...]", help: tr("test, then the carers to send to (default: every carer)."), repeats: true,
                    isRequired: true)
    }

    let configPath: String
    let carers: [String]

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        guard arguments.operands.first == "test" else {
            throw arguments.error(arguments.operands.isEmpty ? tr("say what to do with the carers: test")
                : tr("%1$s is not something to do with the carers; the one there is: test", DisplayText.quoted(arguments.operands[0])))
        }
        carers = Array(arguments.operands.dropFirst())
        for carer in carers where !Person.isValidID(carer) {
            throw arguments.error(tr("%1$s is not a carer ID", DisplayText.quoted(carer)))
        }
        configPath = try ConfigOption.path(arguments)
    }

    func run() throws {
        try MeddProgram.replaceMedctl(with: ["--test-carers"] + carers + ["--config", configPath], verb: Self.name, program: "medd-sync")
    }
}
