import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl history`: answered and missed doses.
struct HistoryCommand: Verb, RangeFlags {
    static let name = "history"
    static var abstract: String { tr("List answered and missed doses (taken, skipped, missed), oldest first.") }
    static var discussion: String {
        tr("""
            Doses are chosen by when they were due and listed oldest first. WHEN is YYYY-MM-DD (local \
            midnight), HH:MM (today), a span such as 30d (that long ago) or an ISO 8601 instant. \
            Without --until the list runs to the end of the daemon's horizon, so doses taken before \
            they were due are included. --format json (or --json) prints an array of dose objects as \
            in `medctl doses --json`; --format csv prints RFC 4180 CSV (CRLF line ends, a header row) \
            with the columns id,medication,name,dose,scheduled,state,answered_at,source,note. \
            --person ID lists the doses of the medications for that person only.
            """)
            + "\n\n" + tr("""
            --from-journal needs no daemon: it lists the final answer of each dose from the entries medd \
            wrote to the systemd journal, chosen as the ledger chooses them; without --until, up to the \
            last one. Its json objects also have "hostname", "machineId" and "uid", the machine and user \
            the entry was written on; from --directory or --file, the CSV starts with the columns \
            hostname,machine_id,uid, and when more than one machine or user is listed the table starts \
            with HOST (and UID). --person then keeps the answers whose MEDD_PERSON names the person.
            """)
            + "\n\n" + JournalOptions.discussion
    }

    typealias End = When
    static var startFlag: RangeFlag { RangeFlag("since", tr("Doses due from this time (default: 30d, thirty days ago).")) }
    static var endFlag: RangeFlag { RangeFlag("until", tr("Doses due before this time (default: the end of the horizon).")) }

    static var options: [OptionSpec] {
        RangeOptions<HistoryCommand>.options + JournalOptions.options + [ReportFormat.option(help: tr("How to print the doses."))]
    }

    let global: GlobalOptions
    let range: RangeOptions<HistoryCommand>
    let journal: JournalOptions
    let format: ReportFormat

    static let defaultSince = When(.ago(.days(30)))

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        range = try RangeOptions(arguments)
        journal = try JournalOptions(arguments)
        if journal.source != nil { try range.requireValidMedication(arguments) }
        format = try ReportFormat.resolve(arguments.value("format"), json: global.json, verb: Self.name)
        let query = range.query(defaultStart: Self.defaultSince)
        if let from = query.from, let to = query.to, to <= from {
            throw arguments.error(tr("--until must be later than --since"))
        }
    }

    func run() throws {
        let query = range.query(defaultStart: Self.defaultSince)
        if format == .csv, journal.source == nil {
            return try HistoryCSV.write(query, global: global)
        }
        let selection = try journal.source?.read(since: query.from, until: query.to, medication: query.medication,
                                                 person: query.person?.id, verb: Self.name)
        let doses = try selection?.doses ?? query.history(global: global)
        switch format {
        case .json:
            Output.json(.array(doses.map(\.json)))
        case .csv:
            try Output.document(HistoryCSV.document(doses, machines: selection?.source.isCollected == true))
        case .table:
            guard !doses.isEmpty else { return Output.line(tr("no answered or missed doses in that range")) }
            let style = Style.current
            let machines = selection.flatMap { $0.showsHosts ? $0 : nil }
            Output.table(HistoryTable.header(machines: machines), HistoryTable.rows(doses, machines: machines, style: style), style: style)
        }
    }
}

/// The history as CSV, one record per dose; times exactly as the daemon gives them (ISO 8601 with
/// the dose's offset). With `machines` (journal files of other machines), each record starts with
/// the machine's hostname, machine_id and uid.
enum HistoryCSV {
    static let header = ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"]

    static func document(_ doses: [DoseRow], machines: Bool = false) -> String {
        let origin = { (dose: DoseRow) in machines ? JournalSelection.csvOriginCells(dose.origin ?? JournalOrigin.unknown) : [] }
        return CSVText.document(header: (machines ? JournalSelection.csvOriginHeader : []) + header, rows: doses.map { origin($0) + cells($0) })
    }

    /// The daemon's history of `query` to stdout or `path`, each reply written as it comes, straight from its
    /// bytes: years of doses are written without a string or a `DoseRow` for each.
    static func write(_ query: DoseQuery, global: GlobalOptions, to path: String? = nil) throws {
        try Output.document(to: path) { write in
            var page: [UInt8] = []
            CSVText.append(header, to: &page)
            try query.history(global: global) { dose in
                guard query.isChosen(dose) else { return }
                appendRecord(dose, to: &page)
            } replied: {
                try write(page)
                page.removeAll(keepingCapacity: true)
            }
            if !page.isEmpty { try write(page) }
        }
    }

    private static func cells(_ dose: DoseRow) -> [String] {
        [dose.id, dose.medication, dose.name, dose.dose, dose.scheduledText, dose.state, dose.answeredText ?? "",
         dose.source ?? "", dose.note ?? ""]
    }

    /// The record `cells` makes of the `DoseRow` of `dose`, from the bytes of its members; only a measurement's
    /// name is made a string, to be shown in the person's language.
    static func appendRecord(_ dose: JSONParser.RawObject, to page: inout [UInt8]) {
        for (index, member) in members.enumerated() {
            if index > 0 { page.append(UInt8(ascii: ",")) }
            if member == "name", let kind = dose.string("measurement").flatMap(MeasurementKind.init(rawValue:)) {
                var name = kind.shownName(dose.string("name") ?? dose.string("medication") ?? "")
                name.withUTF8 { CSVText.appendField($0, to: &page) }
            } else if dose.withUTF8(member, { CSVText.appendField($0, to: &page) }) == nil, member == "name" {
                _ = dose.withUTF8("medication") { CSVText.appendField($0, to: &page) }
            }
        }
        CSVText.endRecord(&page)
    }

    /// The member of a `Dose` each column holds, in `header`'s order.
    private static let members = ["id", "medication", "name", "dose", "scheduled", "state", "answeredAt", "source", "note"]
}

/// The history as a table for people: times in the local zone, text made safe for a terminal. With
/// `machines` (more than one machine or user read from the journal), each row starts with its HOST
/// (and UID when there are several users).
enum HistoryTable {
    static func header(machines: JournalSelection? = nil) -> [String] {
        machineHeader(machines) + ColumnHeading.doses + [ColumnHeading.source, ColumnHeading.note]
    }

    static func rows(_ doses: [DoseRow], machines: JournalSelection? = nil, style: Style) -> [[String]] {
        doses.map { dose in
            let dueDate = LocalTimeText.rules.local(dose.scheduled).date
            return machineCells(dose, machines) + [
                LocalTimeText.dateTime(dose.scheduled), dose.id, TerminalText.cell("\(dose.name) \(dose.dose)"),
                StateName.styledDose(dose.state, style: style),
                // Only the time when answered on the day it was due.
                dose.answeredAt.map { LocalTimeText.short($0, today: dueDate) } ?? "",
                dose.source ?? "", TerminalText.cell(dose.note ?? ""),
            ]
        }
    }

    private static func machineHeader(_ machines: JournalSelection?) -> [String] {
        guard let machines else { return [] }
        return [ColumnHeading.host] + (machines.showsUsers ? [ColumnHeading.uid] : [])
    }

    private static func machineCells(_ dose: DoseRow, _ machines: JournalSelection?) -> [String] {
        guard let machines else { return [] }
        let origin = dose.origin ?? JournalOrigin.unknown
        return [TerminalText.cell(machines.hostLabel(origin))] + (machines.showsUsers ? [JournalSelection.uidLabel(origin)] : [])
    }
}
