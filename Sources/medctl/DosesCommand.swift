import ArgumentParser
import MeddControl
import MeddCore

/// `medctl doses`: doses with their states over a range.
struct DosesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doses",
        abstract: "List doses and their states (default: today and the rest of the horizon).",
        discussion: """
            WHEN is YYYY-MM-DD (local midnight), HH:MM (today), a span such as 2d (that long ago) \
            or an ISO 8601 instant. `medctl doses today` (or `medctl today`) lists today only. \
            --json prints an array of dose objects: {"id", "medication", "name", "dose", "scheduled", \
            "usec", "state"} and, when set, "answeredAt", "answeredUsec", "source", "snoozeUntil", "note".
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("`today` for today's doses only.", valueName: "today"))
    var shortcut: String?

    @Option(help: ArgumentHelp("Start of the range.", valueName: "WHEN"))
    var from: When?

    @Option(help: ArgumentHelp("End of the range.", valueName: "WHEN"))
    var to: When?

    @Option(name: .customLong("med"), help: ArgumentHelp("Only this medication.", valueName: "ID"))
    var medication: String?

    func validate() throws {
        if let shortcut, shortcut != "today" { throw ValidationError("unknown range '\(shortcut)'; the only shortcut is `today`") }
        if shortcut != nil, from != nil || to != nil { throw ValidationError("`today` cannot be combined with --from or --to") }
    }

    func run() throws {
        var range: (from: When?, to: When?) = (from, to)
        if shortcut == "today" {
            let today = LocalTimeText.today()
            range = (When(.date(today)), When(.date(today.adding(days: 1))))
        }
        try Self.list(global: global, from: range.from, to: range.to, medication: medication)
    }

    static func list(global: GlobalOptions, from: When?, to: When?, medication: String?) throws {
        var parameters: [String: JSONValue] = [:]
        if let from { parameters["from"] = .string(from.iso()) }
        if let to { parameters["to"] = .string(to.iso()) }
        if let medication { parameters["medication"] = .string(medication) }
        let reply = try global.connect().call("ListDoses", parameters)
        if global.json { return try Output.json(reply["doses"] ?? .array([])) }
        let doses = try DoseRow.list(reply["doses"])
        guard !doses.isEmpty else { return Output.line("no doses in that range") }
        let style = Style.current
        let today = LocalTimeText.today()
        Output.table(["DUE", "DOSE ID", "MEDICATION", "STATE", "ANSWERED"], doses.map { dose in
            [LocalTimeText.short(dose.scheduled, today: today), dose.id, TerminalText.cell("\(dose.name) \(dose.dose)"),
             style.state(dose.state), TerminalText.cell(dose.outcome(today: today))]
        })
    }
}
