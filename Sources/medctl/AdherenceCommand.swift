import MeddCommandLine
import MeddControl
import MeddCore
import Systemd

/// `medctl adherence`: doses taken on time, late, skipped and missed, from the ledger or the journal.
struct AdherenceCommand: Verb, RangeFlags {
    static let name = "adherence"
    static var abstract: String { tr("Report how many doses were taken on time, taken late, skipped or missed.") }
    static var discussion: String {
        tr("""
            Counts each dose due in [--since, --until) that has a final state, by its last answer (a later \
            answer replaces an earlier one). Taken within an hour of its due time is on time; later is late. \
            TAKEN %% is taken / (taken + skipped + missed). WHEN is YYYY-MM-DD (local midnight), HH:MM \
            (today), a span such as 30d (that long ago) or an ISO 8601 instant.
            """)
            + "\n\n" + tr("""
            The daemon answers from its ledger. --from-journal needs no daemon: it reads the entries medd \
            wrote to the systemd journal as your user and chooses the answers as the ledger does, so a \
            complete journal gives the same numbers.
            """)
            + "\n\n" + JournalOptions.discussion + "\n\n" + tr("""
            --format json (or --json) prints {"since", "until", "source", "medications", "total"}: since \
            and until are ISO 8601 with offset; source is "ledger" or "journal"; medications maps each \
            medication ID to its counts and total has the counts over all of them. Counts are {"onTime", \
            "late", "skipped", "missed", "taken", "percentage"}: taken = onTime + late; percentage = \
            taken * 100 / (taken + skipped + missed), null when no dose counts. --format csv prints RFC \
            4180 CSV with CRLF line ends: the header medication,on_time,late,skipped,missed,taken,percentage, \
            a row per medication and a last row named total; percentage has one decimal, empty for none. \
            The json object also has "people", mapping each person medications are for to the counts of \
            their medications. From the journal it has "machines" too: [{"hostname", "machineId", "uid", \
            "medications", "total"}], one member per machine and user with an answer counted (null where \
            the entries lack the field), while "medications" and "total" count over all of them. From --directory or --file \
            the CSV starts each row with hostname,machine_id,uid: each machine's medications, then its \
            total row; the last total row, with those cells empty, counts over every machine.
            """)
            + "\n\n" + tr("""
            --person ID counts only the doses of the medications for that person: from the ledger, the \
            medications the daemon's configuration names the person on; from the journal, the answers \
            whose MEDD_PERSON field names the person. When the medications reported are for more than \
            one person, the table has a PERSON column and groups the rows by person, each group ending \
            in a row "(all)" with its totals; medications for no one come last, as "(no person)". When \
            more than one machine or user is reported, the table has a HOST column (and UID, when more \
            than one user) and a block of rows per machine ending in its "(all)" row.
            """)
            + "\n\n" + tr("""
            --calendar shows one cell per day, weeks as rows from the first day of the week in your locale \
            (LC_TIME; Monday in the C locale), 12 weeks up to the day \
            of --until (from the day of --since when it is given); a cell shows the worst outcome of the \
            day's doses. With json it prints [{"date", "onTime", "late", "skipped", "missed"}], a member \
            per day; with csv the header date,on_time,late,skipped,missed.
            """)
    }

    typealias End = When
    static var startFlag: RangeFlag { RangeFlag("since", tr("Count doses due from then (default: 30 days before --until).")) }
    static var endFlag: RangeFlag { RangeFlag("until", tr("Count doses due before then (default: now).")) }

    static let calendarDays: Int64 = 84

    static var options: [OptionSpec] {
        RangeOptions<AdherenceCommand>.options + JournalOptions.options + [
            ReportFormat.option(help: tr("How to print the report.")),
            .flag("calendar", tr("Show a day-by-day calendar instead of totals.")),
        ]
    }

    let global: GlobalOptions
    let range: RangeOptions<AdherenceCommand>
    let journal: JournalOptions
    let format: ReportFormat
    let calendar: Bool

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        range = try RangeOptions(arguments)
        journal = try JournalOptions(arguments)
        calendar = arguments.flag("calendar")
        try range.requireValidMedication(arguments)
        format = try ReportFormat.resolve(arguments.value("format"), json: global.json, verb: Self.name)
        _ = try Period(range)
    }

    func run() throws {
        if calendar { return try showCalendar() }
        let summary = try summarize()
        switch format {
        case .table: summary.printTable()
        case .json: Output.json(summary.json)
        case .csv: print(summary.csv, terminator: "")
        }
    }

    private func summarize() throws -> AdherenceSummary {
        let person = range.person?.id
        if let source = journal.source {
            let period = try Period(range)
            let selection = try source.read(since: period.since, until: period.until, medication: range.medication,
                                            person: person, verb: Self.name)
            var summary = AdherenceSummary(since: period.since, until: period.until, source: .journal, report: selection.report)
            summary.people = selection.people
            summary.person = person
            summary.journal = selection
            return summary
        }
        // Only what was given: the defaults are the daemon's, on its own clock.
        let client = try global.connect()
        let people = try PersonOption.people(client: client)
        try range.person?.requireKnown(among: people, verb: Self.name)
        var summary = try AdherenceSummary(reply: client.call("Adherence", range.query().adherenceParameters), path: client.path)
        summary.people = people
        return person.map(summary.restricted(to:)) ?? summary
    }

    /// The due times a report covers, `[since, until)`, with the daemon's defaults: until now, since
    /// 30 days (`defaultDays`) before until.
    struct Period {
        static let defaultDays: Int64 = 30

        let since: Instant
        let until: Instant

        /// The local midnight `days` calendar days before the day of `end`: a whole first day, whatever
        /// daylight saving time did in between.
        static func start(daysBefore end: Instant, _ days: Int64, in zone: ZoneRules) -> Instant {
            zone.startOfDay(zone.local(end).date.adding(days: -days))
        }

        /// Without `--since`, `defaultDays` × 24 hours before the end, as the daemon counts `--since 30d`;
        /// with `fromLocalMidnight` (the report, whose period is whole days) the local midnight that begins the
        /// day `defaultDays` days before the end's.
        init<Flags: RangeFlags>(_ range: RangeOptions<Flags>, defaultDays: Int64 = Self.defaultDays, fromLocalMidnight: Bool = false,
                                now: Instant = LocalTimeText.now()) throws(UsageError) where Flags.End == When {
            let given = range.query(now: now)
            until = given.to ?? now
            since = given.from ?? (fromLocalMidnight ? Self.start(daysBefore: until, defaultDays, in: LocalTimeText.rules)
                                                     : until - .days(defaultDays))
            guard since <= until else {
                // TRANSLATORS: --until was not given, so the range ends now, at %1$s (a date and time).
                let end = given.to == nil ? tr("now (%1$s)", LocalTimeText.dateTime(until)) : LocalTimeText.dateTime(until)
                // TRANSLATORS: %1$s is the start given (a date and time), %2$s the end.
                throw UsageError(tr("--since %1$s is after --until %2$s; no dose can be due in that range",
                                    LocalTimeText.dateTime(since), end), verb: Flags.name)
            }
        }
    }
}
