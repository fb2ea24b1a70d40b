import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl measurements`: the readings taken, for people, spreadsheets and a doctor's system.
struct MeasurementsCommand: Verb {
    static let name = "measurements"
    static var abstract: String { tr("List the readings taken (blood pressure, glucose, weight, …), oldest first.") }
    static var discussion: String {
        tr("""
            Readings are chosen by when they were taken, in [--since, --until): by default the last 30 days. WHEN is \
            YYYY-MM-DD (local midnight), HH:MM (today), a span such as 30d (that long ago) or an ISO 8601 instant. \
            --format json (or --json) prints the daemon's Reading objects; csv prints RFC 4180 CSV (CRLF line ends) with \
            the header measurement,kind,taken_at,usec,value,unit,systolic,diastolic,pulse,target,in_target,reminder,\
            reading,source,note, which `medctl import` reads back; fhir prints a FHIR R4 Bundle of type collection with \
            one Observation per reading, coded in LOINC (blood pressure 85354-9 with 8480-6 and 8462-4, its pulse an \
            Observation of its own, 8867-4; heart rate 8867-4; body weight 29463-7; glucose 2339-0 in mg/dL or 15074-8 \
            in mmol/L; body temperature 8310-5; SpO2 59408-5) with UCUM units. A table marks a reading outside its target.
            """)
    }
    static var options: [OptionSpec] {
        [
            .value("since", "WHEN", tr("Readings taken from this time (default: 30d, thirty days ago).")),
            .value("until", "WHEN", tr("Readings taken before this time (default: now).")),
            .value("measure", "ID", tr("Only this measurement.")),
            .value("person", "ID", tr("Only the measurements for this person.")),
            .value("format", "FORMAT", tr("How to print the readings: table, json, csv or fhir (default: table; --json means json)."),
                   choices: Format.allCases.map(\.rawValue)),
        ]
    }

    /// How the readings are printed.
    enum Format: String, CaseIterable, ArgumentValue, JSONOrTableFormat {
        case table, json, csv, fhir

        // TRANSLATORS: completes "--format pdf: expected %3$s"; the words are typed as they are.
        static var expectation: String { tr("table, json, csv or fhir") }
    }

    let global: GlobalOptions
    let since: When
    let until: When?
    let measurement: String?
    let person: PersonOption?
    let format: Format

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        since = try arguments.value("since") ?? When(.ago(.days(30)))
        until = try arguments.value("until")
        measurement = arguments.string("measure")
        try arguments.requireValidMedication(measurement)
        person = try arguments.value("person")
        format = try Format.resolve(arguments.value("format"), json: global.json, verb: Self.name)
        let now = LocalTimeText.now()
        if let until, until.instant(now: now) <= since.instant(now: now) {
            throw arguments.error(tr("--until must be later than --since"))
        }
    }

    func run() throws {
        var parameters: [String: JSONValue] = ["from": .string(since.iso())]
        if let until { parameters["to"] = .string(until.iso()) }
        if let measurement { parameters["measurement"] = .string(measurement) }
        let reply = try global.connect().call("ListReadings", parameters)
        let readings = (reply["readings"]?.arrayValue ?? []).compactMap(ReadingRow.init).filter { person == nil || $0.person == person?.id }
        switch format {
        case .json:
            Output.json(.array(readings.map(\.json)))
        case .csv:
            try Output.document(ReadingsCSV.document(readings))
        case .fhir:
            Output.json(FHIRBundle.document(readings))
        case .table:
            guard !readings.isEmpty else { return Output.line(tr("no readings in that range")) }
            let style = Style.current
            Output.table([ColumnHeading.taken, ColumnHeading.measurement, ColumnHeading.reading, ColumnHeading.target,
                          ColumnHeading.source, ColumnHeading.note], readings.map { reading in
                let target = reading.target.map { target in
                    reading.inTarget == false ? style.state("missed", shownAs: tr("outside %1$s", target)) : target
                } ?? ""
                return [LocalTimeText.dateTime(reading.at), TerminalText.cell(reading.name),
                        ReadingText.value(reading.value, unit: reading.unit), target, reading.source, TerminalText.cell(reading.note ?? "")]
            }, style: style)
        }
    }
}
