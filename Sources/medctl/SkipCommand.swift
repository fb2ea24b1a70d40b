import ArgumentParser
import MeddControl

/// `medctl skip`: skip doses on purpose.
struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip a dose.",
        discussion: "--json prints the daemon's reply, {\"dose\": {...}} (an array of them for several doses).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: AnswerCommand.targetHelp)
    var targets: [String]

    @Option(help: ArgumentHelp("Why, kept as the answer's note.", valueName: "TEXT"))
    var reason: String?

    func validate() throws {
        if targets.isEmpty { throw ValidationError("name at least one dose or medication") }
    }

    func run() throws {
        var parameters: [String: JSONValue] = [:]
        if let reason { parameters["reason"] = .string(reason) }
        try AnswerCommand.answer(targets, method: "Skip", global: global, parameters: parameters) {
            AnswerCommand.line("skipped", $0["dose"])
        }
    }
}
