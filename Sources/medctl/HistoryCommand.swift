import MeddControl
import MeddCore
import MeddTerminal

/// `medctl history`: answered and missed doses.
struct HistoryCommand: Verb, RangeFlags {
    static let name = "history"
    static let abstract = "List answered and missed doses (taken, skipped, missed), oldest first."
    static let discussion = """
        Doses are chosen by when they were due and listed oldest first. WHEN is YYYY-MM-DD (local \
        midnight), HH:MM (today), a span such as 30d (that long ago) or an ISO 8601 instant. \
        Without --until the list runs to the end of the daemon's horizon, so doses taken before \
        they were due are included. --format json (or --json) prints an array of dose objects as \
        in `medctl doses --json`; --format csv prints RFC 4180 CSV (CRLF line ends, a header row) \
        with the columns id,medication,name,dose,scheduled,state,answered_at,source,note. \
        --person ID lists the doses of the medications for that person only.
        """

    typealias End = When
    static let startFlag = RangeFlag("since", "Doses due from this time (default: 30d, thirty days ago).")
    static let endFlag = RangeFlag("until", "Doses due before this time (default: the end of the horizon).")

    static let options = RangeOptions<HistoryCommand>.options + [ReportFormat.option(help: "How to print the doses.")]

    let global: GlobalOptions
    let range: RangeOptions<HistoryCommand>
    let format: ReportFormat

    static let defaultSince = When(.ago(.days(30)))

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        range = try RangeOptions(arguments)
        format = try ReportFormat.resolve(arguments.value("format"), json: global.json, verb: Self.name)
        let query = range.query(defaultStart: Self.defaultSince)
        if let from = query.from, let to = query.to, to <= from {
            throw arguments.error("--until must be later than --since")
        }
    }

    func run() throws {
        let doses = try range.query(defaultStart: Self.defaultSince).history(global: global)
        switch format {
        case .json:
            Output.json(.array(doses.map(\.json)))
        case .csv:
            try Output.document(HistoryCSV.document(doses))
        case .table:
            guard !doses.isEmpty else { return Output.line("no answered or missed doses in that range") }
            let style = Style.current
            Output.table(HistoryTable.header, HistoryTable.rows(doses, style: style), style: style)
        }
    }
}

/// The history as CSV, one record per dose; times exactly as the daemon gives them (ISO 8601 with
/// the dose's offset).
enum HistoryCSV {
    static let header = ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"]

    static func document(_ doses: [DoseRow]) -> String {
        CSVText.document(header: header, rows: doses.map { dose in
            [dose.id, dose.medication, dose.name, dose.dose, dose.json["scheduled"]?.stringValue ?? "",
             dose.state, dose.json["answeredAt"]?.stringValue ?? "", dose.source ?? "", dose.note ?? ""]
        })
    }
}

/// The history as a table for people: times in the local zone, text made safe for a terminal.
enum HistoryTable {
    static let header = ["DUE", "DOSE ID", "MEDICATION", "STATE", "ANSWERED", "SOURCE", "NOTE"]

    static func rows(_ doses: [DoseRow], style: Style) -> [[String]] {
        doses.map { dose in
            let dueDate = LocalTimeText.rules.local(dose.scheduled).date
            return [LocalTimeText.dateTime(dose.scheduled), dose.id, TerminalText.cell("\(dose.name) \(dose.dose)"),
                    style.state(dose.state),
                    // Only the time when answered on the day it was due.
                    dose.answeredAt.map { LocalTimeText.short($0, today: dueDate) } ?? "",
                    dose.source ?? "", TerminalText.cell(dose.note ?? "")]
        }
    }
}
