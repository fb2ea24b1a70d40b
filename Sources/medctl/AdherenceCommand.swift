import ArgumentParser
import MeddControl
import MeddCore
import Systemd

/// `medctl adherence`: doses taken on time, late, skipped and missed, from the ledger or the journal.
struct AdherenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adherence",
        abstract: "Report how many doses were taken on time, taken late, skipped or missed.",
        discussion: """
            Counts each dose due in [--since, --until) that has a final state, by its last answer (a later \
            answer replaces an earlier one). Taken within an hour of its due time is on time; later is late. \
            TAKEN % is taken / (taken + skipped + missed). WHEN is YYYY-MM-DD (local midnight), HH:MM \
            (today), a span such as 30d (that long ago) or an ISO 8601 instant.

            The daemon answers from its ledger. --from-journal needs no daemon: it reads the entries medd \
            wrote to the systemd journal as your user and chooses the answers as the ledger does, so a \
            complete journal gives the same numbers.

            --format json (or --json) prints {"since", "until", "source", "medications", "total"}: since \
            and until are ISO 8601 with offset; source is "ledger" or "journal"; medications maps each \
            medication ID to its counts and total has the counts over all of them. Counts are {"onTime", \
            "late", "skipped", "missed", "taken", "percentage"}: taken = onTime + late; percentage = \
            taken * 100 / (taken + skipped + missed), null when no dose counts. --format csv prints RFC \
            4180 CSV with CRLF line ends: the header medication,on_time,late,skipped,missed,taken,percentage, \
            a row per medication and a last row named total; percentage has one decimal, empty for none.

            --calendar shows one cell per day, weeks as rows from Monday to Sunday, 12 weeks up to the day \
            of --until (from the day of --since when it is given); a cell shows the worst outcome of the \
            day's doses. With json it prints [{"date", "onTime", "late", "skipped", "missed"}], a member \
            per day; with csv the header date,on_time,late,skipped,missed.
            """)

    static let calendarDays: Int64 = 84

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Count doses due from then (default: 30 days before --until).", valueName: "WHEN"))
    var since: When?

    @Option(help: ArgumentHelp("Count doses due before then (default: now).", valueName: "WHEN"))
    var until: When?

    @Option(name: .customLong("med"), help: ArgumentHelp("Only this medication.", valueName: "ID"))
    var medication: String?

    @Flag(help: "Read the systemd journal instead of asking the daemon.")
    var fromJournal = false

    @Option(help: ArgumentHelp("table, json or csv (default: table; --json means json).", valueName: "FORMAT"))
    var format: ReportFormat?

    @Flag(help: "Show a day-by-day calendar instead of totals.")
    var calendar = false


    func validate() throws {
        if let medication, !MedicationID.isValid(medication) {
            throw ValidationError("--med \(medication) is not a medication ID (lower-case letters, digits and '-')")
        }
        _ = try ReportFormat.resolve(format, json: global.json)
        _ = try AdherenceRange(since: since, until: until)
    }

    func run() throws {
        do {
            if calendar { return try showCalendar() }
            let summary = try summarize()
            switch try ReportFormat.resolve(format, json: global.json) {
            case .table: summary.printTable()
            case .json: try Output.json(summary.json)
            case .csv: print(summary.csv, terminator: "")
            }
        } catch let error as SystemError {
            Output.error("medctl: cannot read the journal: \(error)")
            throw ExitCode(1)
        }
    }

    private func summarize() throws -> AdherenceSummary {
        if fromJournal {
            let range = try AdherenceRange(since: since, until: until)
            let finals = try JournalAdherence.finals(since: range.since, until: range.until, medication: medication)
            return AdherenceSummary(since: range.since, until: range.until, source: .journal, report: Adherence.report(finals: finals))
        }
        // Only what was given: the defaults are the daemon's, on its own clock.
        var parameters: [String: JSONValue] = [:]
        if let since { parameters["since"] = .string(since.iso()) }
        if let until { parameters["until"] = .string(until.iso()) }
        if let medication { parameters["medication"] = .string(medication) }
        let client = try global.connect()
        return try AdherenceSummary(reply: client.call("Adherence", parameters), path: client.path)
    }
}
