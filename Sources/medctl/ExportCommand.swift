import MeddCommandLine
import MeddCore

/// `medctl export`: the history as CSV, or the planned doses as an iCalendar file.
struct ExportCommand: Verb, RangeFlags {
    static let name = "export"
    static var abstract: String { tr("Export the history (CSV) or the planned doses (iCalendar).") }
    static var discussion: String {
        tr("""
            --format csv writes what `medctl history --format csv` prints: answered and missed doses \
            due from --since (default 30d, thirty days ago), oldest first, as RFC 4180 CSV with the \
            columns id,medication,name,dose,scheduled,state,answered_at,source,note. \
            --format ics writes an RFC 5545 calendar with one event per dose in the range, whatever \
            its state, from --since (default: the start of today) to the end of the daemon's \
            horizon; times are in UTC and each event's UID is its dose ID followed by @medd. \
            --days N ends the range N days after its start. WHEN is YYYY-MM-DD (local midnight), \
            HH:MM (today), a span such as 30d (that long ago) or an ISO 8601 instant. --person ID \
            exports the doses of the medications for that person only. The files are the same in \
            every language: English words, ISO 8601 times.
            """)
    }

    typealias End = Days
    static var startFlag: RangeFlag { RangeFlag("since", tr("Start of the range (csv default: 30d; ics default: today).")) }
    static var endFlag: RangeFlag {
        RangeFlag("days", tr("Length of the range in days (default: to the end of the horizon)."), valueName: "N")
    }

    /// What `export` writes: the history as CSV, or the planned doses as an iCalendar file.
    enum Format: String, CaseIterable, ArgumentValue {
        case csv, ics

        // TRANSLATORS: completes "--format pdf: expected %3$s"; csv and ics are typed as they are.
        static var expectation: String { tr("csv or ics") }
    }

    static var options: [OptionSpec] {
        [
            .value("format", "FORMAT", tr("What to write: csv or ics."), choices: Format.allCases.map(\.rawValue), isRequired: true),
        ] + RangeOptions<ExportCommand>.options + [
            .value("output", "FILE", tr("Write to this file instead of standard output."), takesPath: true),
        ]
    }

    let global: GlobalOptions
    let format: Format
    let range: RangeOptions<ExportCommand>
    let output: String?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        guard let format: Format = try arguments.value("format") else { throw arguments.error(tr("--format csv or --format ics is required")) }
        self.format = format
        range = try RangeOptions(arguments)
        output = arguments.string("output")
        if global.json { throw arguments.error(tr("export writes csv or ics; --json does not apply (try `medctl history --json`)")) }
        if let days = range.end?.count, !Planner.dayCounts.contains(days) {
            throw arguments.error(DayCount.outOfRange(days))
        }
    }

    func run() throws {
        let query = range.query(defaultStart: format == .csv ? HistoryCommand.defaultSince : When(.date(LocalTimeText.today())))
        switch format {
        case .csv:
            try HistoryCSV.write(query, global: global, to: output)
        case .ics:
            var calendar = try ICalendarExport(doses: query.doses(global: global), now: LocalTimeText.now())
            if let medication = range.medication { calendar.calendarName += ": \(medication)" }
            if let person = range.person { calendar.calendarName += " (\(person.id))" }
            try Output.document(calendar.document(), to: output)
        }
    }
}
