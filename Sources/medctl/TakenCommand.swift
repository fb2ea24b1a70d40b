import ArgumentParser
import MeddControl

/// `medctl taken`: mark doses taken.
struct TakenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "taken", abstract: "Mark a dose taken.",
        discussion: """
            --at WHEN is HH:MM (today, local time) or an ISO 8601 instant; default now. \
            --json prints the daemon's reply, {"dose": {...}} (an array of them for several doses).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: AnswerCommand.targetHelp)
    var targets: [String]

    @Option(help: ArgumentHelp("When it was taken (default: now).", valueName: "WHEN"))
    var at: When?

    @Option(help: ArgumentHelp("A note kept with the answer.", valueName: "TEXT"))
    var note: String?

    func validate() throws {
        if targets.isEmpty { throw ValidationError("name at least one dose or medication") }
    }

    func run() throws {
        var parameters: [String: JSONValue] = [:]
        if let at { parameters["at"] = .string(at.iso()) }
        if let note { parameters["note"] = .string(note) }
        try AnswerCommand.answer(targets, method: "Taken", global: global, parameters: parameters) {
            AnswerCommand.line("taken", $0["dose"])
        }
    }
}
