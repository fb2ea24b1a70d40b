import MeddControl
import MeddTerminal

/// `medctl status`: the daemon's state, the next dose, what is open.
struct StatusCommand: Verb {
    static let name = "status"
    static let abstract = "Show the daemon's state, the next dose and how many doses are open."
    static let discussion = """
        --json prints the daemon's Status reply: {"version", "startedAt", "nowUsec", "nextDose", "pending", "snoozed"}, \
        nextDose being a dose object as in `medctl doses --json`.
        """

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let status = try global.connect().call("Status")
        if global.json { return Output.json(.object(status)) }
        LocalTimeText.followDaemon(status: status)
        let style = Style.current
        let today = LocalTimeText.today()
        Output.line("medd \(status["version"]?.stringValue ?? "?"), running since \(LocalTimeText.display(iso: status["startedAt"]?.stringValue ?? "?"))")
        if let next = status["nextDose"].flatMap(DoseRow.init) {
            Output.line("next dose: \(style.bold(next.name)) \(next.dose) at \(LocalTimeText.short(next.scheduled, today: today))  (\(next.id))")
        } else {
            Output.line("next dose: none planned")
        }
        let pending = status["pending"]?.intValue ?? 0
        let snoozed = status["snoozed"]?.intValue ?? 0
        Output.line("open: \(pending > 0 ? style.state("\(pending) pending") : "0 pending"), \(snoozed) snoozed")
    }
}
