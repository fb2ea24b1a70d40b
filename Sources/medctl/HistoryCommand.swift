import ArgumentParser
import MeddCore

/// `medctl history`: answered and missed doses.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List answered and missed doses (taken, skipped, missed), oldest first.",
        discussion: """
            Doses are chosen by when they were due and listed oldest first. WHEN is YYYY-MM-DD (local \
            midnight), HH:MM (today), a span such as 30d (that long ago) or an ISO 8601 instant. \
            Without --until the list runs to the end of the daemon's horizon, so doses taken before \
            they were due are included. --format json (or --json) prints an array of dose objects as \
            in `medctl doses --json`; --format csv prints RFC 4180 CSV (CRLF line ends, a header row) \
            with the columns id,medication,name,dose,scheduled,state,answered_at,source,note.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Doses due from this time (default: 30d, thirty days ago).", valueName: "WHEN"))
    var since: When?

    @Option(help: ArgumentHelp("Doses due before this time (default: the end of the horizon).", valueName: "WHEN"))
    var until: When?

    @Option(name: .customLong("med"), help: ArgumentHelp("Only this medication.", valueName: "ID"))
    var medication: String?

    @Option(help: ArgumentHelp("How to print the doses.", valueName: "table|json|csv"))
    var format: ReportFormat?

    static let defaultSince = When(.ago(.days(30)))

    func validate() throws {
        _ = try ReportFormat.resolve(format, json: global.json)
        if let until, until.instant() <= (since ?? Self.defaultSince).instant() {
            throw ValidationError("--until must be later than --since")
        }
    }

    func run() throws {
        let range = ExportRange(from: (since ?? Self.defaultSince).instant(), to: until?.instant(), medication: medication)
        let doses = try range.history(global: global)
        switch try ReportFormat.resolve(format, json: global.json) {
        case .json:
            try Output.json(.array(doses.map(\.json)))
        case .csv:
            try Output.document(HistoryCSV.document(doses))
        case .table:
            guard !doses.isEmpty else { return Output.line("no answered or missed doses in that range") }
            let style = Style.current
            Output.table(HistoryTable.header, HistoryTable.rows(doses, style: style), style: style)
        }
    }
}
