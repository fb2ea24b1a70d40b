import MeddCommandLine
import MeddControl
import MeddCore

/// `medctl skip`: skip doses on purpose.
struct SkipCommand: Verb {
    static let name = "skip"
    static var abstract: String { tr("Skip a dose.") }
    static var discussion: String { tr("--json prints the daemon's reply, {\"dose\": {...}} (an array of them for several doses).") }
    static var options: [OptionSpec] { [.value("reason", "TEXT", tr("Why, kept as the answer's note."))] }
    static var operand: OperandSpec? { AnswerCommand.targets }

    let global: GlobalOptions
    let targets: [String]
    let reason: String?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        targets = try AnswerCommand.targets(arguments)
        reason = arguments.string("reason")
    }

    func run() throws {
        var parameters: [String: JSONValue] = [:]
        if let reason { parameters["reason"] = .string(reason) }
        try AnswerCommand.answer(targets, method: "Skip", global: global, parameters: parameters) {
            AnswerCommand.line("skipped", $0["dose"])
        }
    }
}
