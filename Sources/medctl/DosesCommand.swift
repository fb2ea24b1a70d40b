import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl doses`: doses with their states over a range.
struct DosesCommand: Verb, RangeFlags {
    static let name = "doses"
    static var abstract: String { tr("List doses and their states (default: today and the rest of the horizon).") }
    static var discussion: String {
        tr("""
            WHEN is YYYY-MM-DD (local midnight), HH:MM (today), a span such as 2d (that long ago) \
            or an ISO 8601 instant. `medctl doses today` (or `medctl today`) lists today only. \
            --json prints an array of dose objects: {"id", "medication", "name", "dose", "scheduled", \
            "usec", "state"} and, when set, "answeredAt", "answeredUsec", "source", "snoozeUntil", "note", \
            "reason" (why a skipped or missed dose was), "person". --person ID lists the doses of the \
            medications for that person only.
            """)
    }

    typealias End = When
    static var startFlag: RangeFlag { RangeFlag("from", tr("Start of the range.")) }
    static var endFlag: RangeFlag { RangeFlag("to", tr("End of the range.")) }

    static var options: [OptionSpec] { RangeOptions<DosesCommand>.options }
    // TRANSLATORS: `today` is the word to type, and stays as it is.
    static var operand: OperandSpec? { OperandSpec(valueName: "today", help: tr("`today` for today's doses only.")) }

    let global: GlobalOptions
    let shortcut: String?
    let range: RangeOptions<DosesCommand>

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        shortcut = arguments.operands.first
        range = try RangeOptions(arguments)
        if let shortcut, shortcut != "today" { throw arguments.error(tr("unknown range '%1$s'; the only shortcut is `today`", shortcut)) }
        if shortcut != nil, range.start != nil || range.end != nil {
            throw arguments.error(tr("`today` cannot be combined with --from or --to"))
        }
    }

    func run() throws {
        var query = range.query()
        if shortcut == "today" {
            query = .day(LocalTimeText.today(), person: range.person, verb: Self.name)
            query.medication = range.medication
        }
        try Self.list(global: global, query: query)
    }

    static func list(global: GlobalOptions, query: DoseQuery) throws {
        let doses = try query.doses(global: global)
        if global.json { return Output.json(.array(doses.map(\.json))) }
        guard !doses.isEmpty else { return Output.line(tr("no doses in that range")) }
        let style = Style.current
        let today = LocalTimeText.today()
        Output.table(ColumnHeading.doses, doses.map { dose in
            // TRANSLATORS: beside a dose of a medication with remind = false: it is recorded but never shown nor rung.
            let silent = dose.reminded ? "" : " " + style.dim(tr("(no reminder)"))
            return [LocalTimeText.short(dose.scheduled, today: today), dose.id, TerminalText.cell("\(dose.name) \(dose.dose)") + silent,
             StateName.styledDose(dose.state, style: style), TerminalText.cell(dose.outcome(today: today))]
        })
    }
}

/// `medctl today`: `medctl doses today`.
struct TodayCommand: Verb {
    static let name = "today"
    static var abstract: String { tr("List today's doses and their states (`doses today`).") }
    static var options: [OptionSpec] { [PersonOption.option] }

    let global: GlobalOptions
    let person: PersonOption?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        person = try arguments.value(PersonOption.option.name)
    }

    func run() throws {
        try DosesCommand.list(global: global, query: .day(LocalTimeText.today(), person: person, verb: Self.name))
    }
}
