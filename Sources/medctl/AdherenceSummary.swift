import MeddControl
import MeddCore
import MeddTerminal
import Systemd

/// One adherence report as medctl prints it: the range, where it came from, the counts, and whom
/// each medication is for.
struct AdherenceSummary {
    var since: Instant
    var until: Instant
    var source: AdherenceSource
    var report: AdherenceReport
    /// The person label of each medication that has one, by medication ID.
    var people: [String: String] = [:]
    /// The person the report is restricted to (`--person`).
    var person: String?
    /// The machines and users the report was read from, when it was read from the journal.
    var journal: JournalSelection?

    /// The daemon's `Adherence` reply, from the socket at `path`.
    init(reply: [String: JSONValue], path: String) throws(ClientError) {
        guard let since = reply["since"]?.stringValue.flatMap(Instant.init(iso8601:)),
              let until = reply["until"]?.stringValue.flatMap(Instant.init(iso8601:)),
              let medications = reply["medications"]?.objectValue,
              let total = reply["total"].flatMap(Self.counts) else {
            throw .protocolFailure(path: path, reason: tr("the Adherence reply lacks since, until, medications or total"))
        }
        var report = AdherenceReport(total: total)
        for (medication, value) in medications {
            guard let counts = Self.counts(value) else {
                throw .protocolFailure(path: path, reason: tr("the Adherence reply has malformed counts for %1$s", medication))
            }
            report.medications[medication] = counts
        }
        self.init(since: since, until: until, source: .ledger, report: report)
    }

    init(since: Instant, until: Instant, source: AdherenceSource, report: AdherenceReport) {
        self.since = since
        self.until = until
        self.source = source
        self.report = report
    }

    /// The summary of the medications for `person` alone, counted again.
    func restricted(to person: String) -> AdherenceSummary {
        var summary = self
        summary.report = report.restricted { people[$0] == person }
        summary.person = person
        return summary
    }

    /// The people the report's medications are for, sorted.
    private var reportedPeople: [String] { Set(report.medications.keys.compactMap { people[$0] }).sorted() }

    private static func counts(_ value: JSONValue) -> AdherenceCounts? {
        guard let onTime = value["onTime"]?.intValue, let late = value["late"]?.intValue,
              let skipped = value["skipped"]?.intValue, let missed = value["missed"]?.intValue else { return nil }
        return AdherenceCounts(onTime: onTime, late: late, skipped: skipped, missed: missed)
    }

    private var medicationIDs: [String] { report.medications.keys.sorted() }

    /// The same object whichever the source; counts as the control interface's `AdherenceCounts`. From
    /// the journal it also has `machines`: the counts of each machine and user read.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "since": .string(LocalTimeText.rules.format(since)),
            "until": .string(LocalTimeText.rules.format(until)),
            "source": .string(source.rawValue),
            "medications": .object(report.medications.mapValues(\.varlinkValue)),
            "people": .object(peopleTotals.mapValues(\.varlinkValue)),
            "total": report.total.varlinkValue,
        ]
        if let journal {
            members["machines"] = .array(journal.groups.map { group in
                let report = group.report
                return .object(JournalSelection.originMembers(group.origin).merging([
                    "medications": .object(report.medications.mapValues(\.varlinkValue)),
                    "total": report.total.varlinkValue,
                ]) { $1 })
            })
        }
        return .object(members)
    }

    /// The counts of each person's medications; from the journal, each machine's medications are
    /// for whom that machine's answers name.
    private var peopleTotals: [String: AdherenceCounts] {
        guard let journal else { return report.totals { people[$0] } }
        var totals: [String: AdherenceCounts] = [:]
        for group in journal.groups {
            for (person, counts) in group.report.totals(by: { group.people[$0] }) { totals[person, default: AdherenceCounts()].add(counts) }
        }
        return totals
    }

    private static let csvHeader = ["medication", "on_time", "late", "skipped", "missed", "taken", "percentage"]

    /// From journal files of other machines, each row starts with the machine's hostname, machine_id
    /// and uid: its medications, then its own total row; the last total row, with those cells empty, is
    /// over every machine.
    var csv: String {
        guard let journal, journal.source.isCollected else {
            let rows = medicationIDs.map { Self.csvRow($0, report.medications[$0]!) }
            return CSVText.document(header: Self.csvHeader, rows: rows + [Self.csvRow("total", report.total)])
        }
        var rows: [[String]] = []
        for group in journal.groups {
            let origin = JournalSelection.csvOriginCells(group.origin)
            let report = group.report
            rows += report.medications.keys.sorted().map { origin + Self.csvRow($0, report.medications[$0]!) }
            rows.append(origin + Self.csvRow("total", report.total))
        }
        rows.append(["", "", ""] + Self.csvRow("total", report.total))
        return CSVText.document(header: JournalSelection.csvOriginHeader + Self.csvHeader, rows: rows)
    }

    private static func csvRow(_ name: String, _ counts: AdherenceCounts) -> [String] {
        [name] + [counts.onTime, counts.late, counts.skipped, counts.missed, counts.taken].map(String.init)
            + [counts.percentage.map { DecimalText.fixed($0, decimals: 1) } ?? ""]
    }
}

/// The summary for people: a title line, then one row per medication and a TOTAL row. When the
/// medications are for more than one person, rows are grouped by person, each group ending in a row
/// of its own totals.
extension AdherenceSummary {
    /// The group of the medications for no one, after the people's groups; no person ID has parentheses.
    // TRANSLATORS: in an adherence table's PERSON column, for the medications that are for no one in particular.
    static var nobody: String { tr("(no person)") }
    /// The MEDICATION cell of a group's totals row; no medication ID has parentheses.
    // TRANSLATORS: in an adherence table's MEDICATION column, the row with the totals of a person's or a machine's medications.
    static var groupTotal: String { tr("(all)") }

    func printTable(style: Style = .current) {
        tableLines(style: style).forEach(Output.line)
    }

    /// The title line, then the table (or a line saying there is nothing to count).
    func tableLines(style: Style = .current) -> [String] {
        [title] + countLines(style: style)
    }

    private var title: String {
        let from = journal.map(\.phrase) ?? source.phrase
        let start = LocalTimeText.dateTime(since)
        let end = LocalTimeText.dateTime(until)
        if let person {
            // TRANSLATORS: an adherence report's title: %1$s and %2$s are dates and times, %3$s the person given to
            // --person, %4$s where the figures came from ("from medd's ledger").
            return tr("Adherence of doses due %1$s to %2$s for %3$s, %4$s", start, end, person, from)
        }
        // TRANSLATORS: an adherence report's title: %1$s and %2$s are dates and times, %3$s where the figures
        // came from ("from medd's ledger").
        return tr("Adherence of doses due %1$s to %2$s, %3$s", start, end, from)
    }

    private func countLines(style: Style) -> [String] {
        guard !report.medications.isEmpty else {
            return [tr("no dose due in that range has been answered or missed")]
        }
        if let journal, journal.showsHosts { return machineLines(journal, style: style) }
        let nobody = Self.nobody
        guard reportedPeople.count > 1 else {
            let header = ColumnHeading.counts
            var rows = medicationIDs.map { [TerminalText.cell($0)] + Self.figures(report.medications[$0]!) }
            rows.append([style.bold(ColumnHeading.total)] + Self.figures(report.total).map(style.bold))
            return TextTable.lines(header, Self.rightAligned(rows, under: header), style: style)
        }
        let header = [ColumnHeading.person] + ColumnHeading.counts
        let totals = report.totals { people[$0] ?? nobody }
        var rows: [[String]] = []
        for group in reportedPeople + (totals[nobody] == nil ? [] : [nobody]) {
            for medication in medicationIDs where (people[medication] ?? nobody) == group {
                rows.append([group, TerminalText.cell(medication)] + Self.figures(report.medications[medication]!))
            }
            rows.append([group, style.bold(Self.groupTotal)] + Self.figures(totals[group]!).map(style.bold))
        }
        rows.append([style.bold(ColumnHeading.total), ""] + Self.figures(report.total).map(style.bold))
        return TextTable.lines(header, Self.rightAligned(rows, under: header, leftColumns: 2), style: style)
    }

    /// One block of rows per machine and user: its medications (by person when the report's are for
    /// more than one, each person's ending in their "(all)" row when the machine has several), then the
    /// machine's "(all)" row; TOTAL last.
    private func machineLines(_ journal: JournalSelection, style: Style) -> [String] {
        let showsPeople = reportedPeople.count > 1
        let header = [ColumnHeading.host] + (journal.showsUsers ? [ColumnHeading.uid] : []) + (showsPeople ? [ColumnHeading.person] : [])
            + ColumnHeading.counts
        let nobody = Self.nobody
        let groupTotal = Self.groupTotal
        var rows: [[String]] = []
        for group in journal.groups {
            let machine = [TerminalText.cell(journal.hostLabel(group.origin))]
                + (journal.showsUsers ? [JournalSelection.uidLabel(group.origin)] : [])
            let report = group.report
            let whose = { (medication: String) in group.people[medication] ?? nobody }
            let totals = report.totals(by: whose)
            let groups = showsPeople ? totals.keys.sorted { ($0 == nobody ? 1 : 0, $0) < ($1 == nobody ? 1 : 0, $1) } : [nobody]
            for person in groups {
                let personCell = showsPeople ? [person] : []
                for medication in report.medications.keys.sorted() where !showsPeople || whose(medication) == person {
                    rows.append(machine + personCell + [TerminalText.cell(medication)] + Self.figures(report.medications[medication]!))
                }
                if groups.count > 1 {
                    rows.append(machine + personCell + [style.bold(groupTotal)] + Self.figures(totals[person]!).map(style.bold))
                }
            }
            rows.append(machine + (showsPeople ? [""] : []) + [style.bold(groupTotal)] + Self.figures(report.total).map(style.bold))
        }
        rows.append([style.bold(ColumnHeading.total)] + Array(repeating: "", count: header.count - 6) + Self.figures(report.total).map(style.bold))
        return TextTable.lines(header, Self.rightAligned(rows, under: header, leftColumns: header.count - 5), style: style)
    }

    private static func figures(_ counts: AdherenceCounts) -> [String] {
        [counts.onTime, counts.late, counts.skipped, counts.missed].map(String.init)
            + [counts.percentage.map(Self.percentage) ?? "–"]
    }

    /// `12.5%`, with the locale's decimal separator and its way of writing a percentage.
    static func percentage(_ value: Double) -> String {
        // TRANSLATORS: a percentage; %1$s is the number (12.5). German and French write "%1$s %%" (12,5 %).
        tr("%1$s%%", Translation.currentFormats.decimal(DecimalText.fixed(value, decimals: 1)))
    }

    /// Pads every column after the first `leftColumns` on the left, so numbers line up on their right edge.
    private static func rightAligned(_ rows: [[String]], under header: [String], leftColumns: Int = 1) -> [[String]] {
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(TextTable.visibleWidth).max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column < leftColumns ? cell : String(repeating: " ", count: widths[column] - TextTable.visibleWidth(cell)) + cell
            }
        }
    }
}

/// Where adherence figures came from: the daemon's ledger, or the journal read directly.
enum AdherenceSource: String {
    case ledger, journal

    var phrase: String {
        switch self {
        // TRANSLATORS: where an adherence report's figures came from, after its range and whose they are.
        case .ledger: tr("from medd's ledger")
        // TRANSLATORS: where an adherence report's figures came from, after its range and whose they are.
        case .journal: tr("from the journal")
        }
    }
}
