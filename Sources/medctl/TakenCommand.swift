import MeddControl
import MeddCore

/// `medctl taken`: mark doses taken.
struct TakenCommand: Verb {
    static let name = "taken"
    static var abstract: String { tr("Mark a dose taken.") }
    static var discussion: String {
        tr("""
            --at WHEN is HH:MM (today, local time) or an ISO 8601 instant; default now. \
            --json prints the daemon's reply, {"dose": {...}} (an array of them for several doses).
            """)
    }
    static var options: [OptionSpec] {
        [
            .value("at", "WHEN", tr("When it was taken (default: now).")),
            .value("note", "TEXT", tr("A note kept with the answer.")),
        ]
    }
    static var operand: OperandSpec? { AnswerCommand.targets }

    let global: GlobalOptions
    let targets: [String]
    let at: When?
    let note: String?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        targets = try AnswerCommand.targets(arguments)
        at = try arguments.value("at")
        note = arguments.string("note")
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
