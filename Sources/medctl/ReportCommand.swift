public import MeddCommandLine
import MeddControl
import MeddCore
public import MeddReport
import Systemd

/// `medctl report`: a printable report for the doctor, as a PDF or one HTML file.
struct ReportCommand: Verb, RangeFlags {
    static let name = "report"
    static var abstract: String { tr("Write a printable report for the doctor (PDF or HTML): adherence, lateness, calendar, stock, readings, effect.") }
    static var discussion: String {
        tr("""
        The report covers the doses due in [--since, --until) (default: the 90 days before now): who the \
        medications are for (the [person.ID] name, else the label) and the period; per medication its \
        name, dose, schedule, the doses taken on time, late, skipped and missed with the share taken (the \
        very counts `medctl adherence` gives for the same range), a chart of when each dose was taken \
        against its due time, and its stock (units left, the refill level, and when the schedule brings \
        it to that level and runs it out); a calendar with each day's worst outcome (as `adherence \
        --calendar`); each measurement with readings in the period: a chart of them (with its target and \
        the doses taken of the medications it is for) and its last seven days as home blood-pressure \
        protocols read them (morning and evening means, the average without the first day, the readings \
        outside the target); the effect of each medication a measurement is for, as `medctl effect` gives \
        it for the period; every skipped and missed dose with its reason and note, and the notes given \
        with taken doses. WHEN is YYYY-MM-DD (local midnight), HH:MM (today), a span such as 30d (that \
        long ago) or an ISO 8601 instant.
        """) + "\n\n" + tr("""
        A period longer than a year is shown day by day (the calendar, each dose and its lateness, the \
        skipped and missed doses, the notes) from the first of the month that starts its last twelve \
        months; the months before are a table of their counts.
        """) + "\n\n" + tr("""
        --format html writes one self-contained HTML file (inline CSS and SVG, nothing fetched, a print \
        style sheet for the paper). --format pdf runs medd-report-pdf, which draws it with cairo and \
        pango; medctl looks for it beside its own executable, then in ../libexec/medd/ from there. \
        Without --format, the extension of --output (.pdf, .html, .htm) chooses. Without --output the \
        report goes to standard output; a PDF is not written to a terminal (a usage error: give \
        --output or redirect). --paper a4 or letter sets the page size; the default is the locale's \
        paper (LC_ALL, else LC_PAPER, else LANG: US letter where that is the custom, else A4). \
        --person ID reports only the medications for that person, --med ID only that medication. \
        Exit status 69 when --format pdf finds no medd-report-pdf (the message names where it looked).
        """) + "\n\n" + tr("""
        The report is written in the locale's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) with its \
        dates, times, names of weekdays and months, first day of the week (LC_TIME) and decimal separator \
        (LC_NUMERIC); under the C locale, in English with ISO dates and 24-hour times. Chinese, Japanese \
        and Korean need a font that has them (Debian: fonts-noto-cjk or fonts-wqy-microhei); \
        medd-report-pdf warns when it drew characters no installed font has.
        """) + "\n\n" + tr("""
        --from-journal makes the report from medd's entries in the systemd journal instead of asking \
        the daemon, with the counts `medctl adherence --from-journal` gives. The journal holds no \
        configuration: the schedule shown is the times of day the doses were due, and there is no \
        stock. A report is of one machine and user: when the journal files hold answers of several, \
        choose one with --host.
        """) + "\n\n" + JournalOptions.discussion
    }

    typealias End = When
    static var startFlag: RangeFlag { RangeFlag("since", tr("Report doses due from then (default: the midnight that begins the day 90 days before --until).")) }
    static var endFlag: RangeFlag { RangeFlag("until", tr("Report doses due before then (default: now).")) }
    static let defaultDays: Int64 = 90

    /// What `report` writes.
    enum Format: String, CaseIterable, ArgumentValue {
        case pdf, html

        static var expectation: String { "pdf or html" }

        /// The format a file name's extension names.
        init?(fileName: String) {
            let lowered = fileName.lowercased()
            if lowered.hasSuffix(".pdf") { self = .pdf } else if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { self = .html } else { return nil }
        }
    }

    static var options: [OptionSpec] {
        [
            .value("format", "FORMAT", tr("pdf or html (default: from the extension of --output)."), choices: Format.allCases.map(\.rawValue)),
        ] + RangeOptions<ReportCommand>.options + [
            .value("output", "FILE", tr("Write to this file instead of standard output."), takesPath: true),
            .value("paper", "SIZE", tr("a4 or letter (default: the locale's paper, LC_PAPER)."), choices: Paper.allCases.map(\.rawValue)),
        ] + JournalOptions.options
    }

    let global: GlobalOptions
    let range: RangeOptions<ReportCommand>
    let format: Format
    let output: String?
    let paper: Paper
    let period: AdherenceCommand.Period
    let journal: JournalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        range = try RangeOptions(arguments)
        journal = try JournalOptions(arguments)
        output = arguments.string("output")
        if global.json { throw arguments.error(tr("report writes pdf or html; --json does not apply (try `medctl adherence --json`)")) }
        guard let format = try arguments.value("format", as: Format.self) ?? output.flatMap(Format.init(fileName:)) else {
            throw arguments.error(tr("--format pdf or --format html is required (or an --output file ending in .pdf or .html)"))
        }
        self.format = format
        try range.requireValidMedication(arguments)
        if let paper: Paper = try arguments.value("paper") {
            self.paper = paper
        } else {
            let size = LocalePaper.size()
            paper = Paper(localeWidth: size.width, height: size.height)
        }
        if format == .pdf, output == nil, DescriptorIO.isTerminal(DescriptorIO.standardOutput) {
            throw arguments.error(tr("""
                standard output is a terminal, where a PDF cannot be read; give --output FILE or redirect \
                (medctl report --format pdf > report.pdf)
                """))
        }
        period = try AdherenceCommand.Period(range, defaultDays: Self.defaultDays, fromLocalMidnight: true)
    }

    func run() throws {
        let report = try Report(gather())
        switch format {
        case .html:
            // In the language medctl was started in; medd-report-pdf words a PDF in the one it inherits.
            try Output.document(HTMLReport.render(report.document(in: .current), generator: report.generator), to: output)
        case .pdf:
            try Output.document(bytes: PDFHelper.draw(report), to: output)
        }
    }

    /// What the daemon knows of the period: its medications (the ones reported), the final doses and
    /// the adherence counts, the latter exactly as `medctl adherence` asks for them.
    private func gather() throws -> ReportInput {
        if let source = journal.source { return try gather(from: source) }
        let client = try global.connect()
        let medications = try client.call("Medications")["medications"]?.arrayValue ?? []
        let people = try PersonOption.people(client: client)
        try range.person?.requireKnown(among: people, verb: Self.name)
        let query = DoseQuery(from: period.since, to: period.until, medication: range.medication, person: range.person, verb: Self.name)
        var summary = try AdherenceSummary(reply: client.call("Adherence", query.adherenceParameters), path: client.path)
        summary.people = people
        if let person = range.person { summary = summary.restricted(to: person.id) }
        let reported = medications.filter { medication in
            (range.medication == nil || medication["id"]?.stringValue == range.medication)
                && (range.person == nil || medication["person"]?.stringValue == range.person?.id)
        }
        var doses: [ReportInput.Dose] = []
        try query.history(global: global) { raw in
            if query.isChosen(raw), let dose = Self.dose(raw) { doses.append(dose) }
        } replied: {}
        var input = ReportInput(since: summary.since, until: summary.until, now: LocalTimeText.now(), zone: LocalTimeText.rules,
                                source: .ledger, generator: "medd \(MeddVersion.current)", paper: paper, people: Self.people(reported),
                                medications: reported.compactMap(Self.medication), doses: doses, adherence: summary.report)
        if summary.since < summary.until {
            (input.measurements, input.effects) = try measurements(client, since: summary.since, until: summary.until, people: people)
        }
        return input
    }

    /// The readings taken in `[since, until)` by measurement, and the effects over it: of the medications
    /// reported (`--med`, `--person`), and the measurements they are for (with `--med`, only those).
    private func measurements(_ client: ControlClient, since: Instant, until: Instant,
                              people: [String: String]) throws -> ([ReportInput.Measurement], [MedicationEffect]) {
        let person = range.person?.id
        let effects = try EffectReply.ask(client, DoseQuery(from: since, to: until, medication: range.medication)).effects
            .filter { person == nil || people[$0.medication] == person }
        let parameters: [String: JSONValue] = ["from": .string(LocalTimeText.rules.format(since)), "to": .string(LocalTimeText.rules.format(until))]
        let rows = (try client.call("ListReadings", parameters)["readings"]?.arrayValue ?? []).compactMap(ReadingRow.init)
            .filter { person == nil || $0.person == person }
        let forMedications = Dictionary(grouping: effects, by: \.measurement).mapValues { $0.map(\.medication) }
        var measurements: [ReportInput.Measurement] = []
        for (id, readings) in Dictionary(grouping: rows, by: \.measurement).sorted(by: { $0.key < $1.key }) {
            guard range.medication == nil || forMedications[id] != nil, let latest = readings.last else { continue }
            let target = latest.target.flatMap { text in try? MeasurementTarget.parse(text, kind: latest.kind).get() }
            measurements.append(ReportInput.Measurement(
                id: id, name: latest.json["name"]?.stringValue ?? latest.kind.defaultName, kind: latest.kind, unit: latest.unit,
                target: target, medications: forMedications[id] ?? [],
                readings: readings.compactMap { row in
                    ReadingValue.parseRecorded(row.value, kind: row.kind).map { ReportInput.Measurement.Reading(at: row.at, value: $0, inTarget: row.inTarget) }
                }))
        }
        return (measurements, effects)
    }

    /// What medd's journal entries tell of the period: the final answers of one machine and user, their
    /// counts as `medctl adherence --from-journal` gives them, and the medications those answers name.
    private func gather(from source: JournalSource) throws -> ReportInput {
        let selection = try source.read(since: period.since, until: period.until, medication: range.medication,
                                        person: range.person?.id, verb: Self.name)
        if selection.groups.count > 1 {
            let origins = selection.groups.map { group in
                selection.showsUsers ? "\(selection.hostLabel(group.origin)) (uid \(JournalSelection.uidLabel(group.origin)))"
                    : selection.hostLabel(group.origin)
            }
            let count = selection.groups.count
            let names = origins.joined(separator: ", ")
            // TRANSLATORS: %1$d is how many machines or users (always more than one), %2$s their names.
            let local = { trn("the journal holds answers from %1$d machine or user (%2$s); a report is of one: choose it with --host NAME",
                              "the journal holds answers from %1$d machines or users (%2$s); a report is of one: choose it with --host NAME",
                              count: count, String(count), names) }
            // TRANSLATORS: %1$s is a journal directory or files, %2$d how many machines or users (always more than one), %3$s their names.
            let read = { (place: String) in
                trn("the journal read from %1$s holds answers from %2$d machine or user (%3$s); a report is of one: choose it with --host NAME",
                    "the journal read from %1$s holds answers from %2$d machines or users (%3$s); a report is of one: choose it with --host NAME",
                    count: count, place, String(count), names)
            }
            throw UsageError(source.sentence(local: local, directory: read, files: { paths, _ in read(paths) }), verb: Self.name)
        }
        let doses = selection.doses.compactMap(Self.dose)
        let people = selection.people
        let medications = Self.medications(of: doses, people: people)
        let host = source.isCollected ? selection.groups.first?.origin.hostname : nil
        return ReportInput(since: period.since, until: period.until, now: LocalTimeText.now(), zone: LocalTimeText.rules,
                           source: Self.reportSource(source), host: host, generator: "medd \(MeddVersion.current)", paper: paper,
                           people: Set(people.values).sorted().map { Person(id: $0, name: nil) },
                           medications: medications, doses: doses, adherence: selection.report)
    }

    /// A medication's final dose of the daemon's history as a report takes it, read from the reply's bytes
    /// (ten years of them make no `DoseRow`); nil for a reminder to measure.
    private static func dose(_ raw: JSONParser.RawObject) -> ReportInput.Dose? {
        guard raw["measurement"] == nil, let medication = raw.string("medication"), let usec = raw["usec"]?.intValue,
              let state = raw.string("state").flatMap(EventKind.init(rawValue:)) else { return nil }
        // answeredUsec keeps the microseconds that answeredAt rounds away (a taken at due + 1 h + 0.5 s is late).
        let answered = raw["answeredUsec"]?.intValue.map { Instant(usec: Int64($0)) } ?? raw.string("answeredAt").flatMap(Instant.init(iso8601:))
        return ReportInput.Dose(medication: medication, name: raw.string("name") ?? medication, doseText: raw.string("dose") ?? "",
                                scheduled: Instant(usec: Int64(usec)), state: state, answeredAt: answered, reason: raw.string("reason"),
                                note: raw.string("note"))
    }

    /// A final dose of the journal's history as a report takes it.
    private static func dose(_ row: DoseRow) -> ReportInput.Dose? {
        guard let state = EventKind(rawValue: row.state) else { return nil }
        return ReportInput.Dose(medication: row.medication, name: row.name, doseText: row.dose, scheduled: row.scheduled,
                                state: state, answeredAt: row.answeredAt, reason: row.json["reason"]?.stringValue, note: row.note)
    }

    /// Where `--from-journal` read, as the report names it.
    private static func reportSource(_ source: JournalSource) -> ReportSource {
        switch source.location {
        case .local: .journal
        case .directory(let path): .journalDirectory(path)
        case .files(let paths): .journalFiles(paths)
        }
    }

    /// The medications that journal answers name, by ID, with the name and dose of their latest due
    /// dose; no schedule, but the local times of day their doses were due, which the report words.
    private static func medications(of doses: [ReportInput.Dose], people: [String: String]) -> [ReportInput.Medication] {
        let byMedication = Dictionary(grouping: doses, by: \.medication)
        return byMedication.keys.sorted().compactMap { id in
            guard let doses = byMedication[id], let latest = doses.max(by: { $0.scheduled < $1.scheduled }) else { return nil }
            var medication = ReportInput.Medication(id: id, name: latest.name, dose: latest.doseText, schedule: nil)
            medication.dueTimes = Set(doses.map { LocalTimeText.rules.local($0.scheduled).time }).sorted()
            medication.person = people[id]
            return medication
        }
    }

    private static func people(_ medications: [JSONValue]) -> [Person] {
        medications.compactMap { medication in
            medication["person"]?.stringValue.map { Person(id: $0, name: medication["personName"]?.stringValue) }
        }
    }

    /// A `Medication` object of the control interface as a report takes it.
    private static func medication(_ value: JSONValue) -> ReportInput.Medication? {
        guard let id = value["id"]?.stringValue else { return nil }
        var medication = ReportInput.Medication(id: id, name: value["name"]?.stringValue ?? id, dose: value["dose"]?.stringValue ?? "",
                                                schedule: value["timing"].flatMap(ScheduleDescription.init(varlinkValue:)))
        func instant(_ key: String) -> Instant? { value[key]?.stringValue.flatMap(Instant.init(iso8601:)) }
        medication.person = value["person"]?.stringValue
        medication.notes = value["notes"]?.stringValue
        // Paused until a day still to come is paused as the report is made.
        medication.paused = value["paused"]?.boolValue ?? false || MedsCommand.pausedUntil(value) != nil
        medication.asNeeded = value["asNeeded"]?.boolValue ?? false
        medication.stock = value["stock"]?.quantityValue
        medication.refillAt = value["refillAt"]?.quantityValue
        medication.stockSince = instant("stockSince")
        medication.stockStart = value["stockStart"]?.quantityValue
        medication.refillDue = instant("refillDue")
        medication.runsOut = instant("runsOut")
        return medication
    }
}

/// `--paper SIZE` of `report`.
extension Paper: ArgumentValue {
    public static var expectation: String { "a4 or letter" }
}
