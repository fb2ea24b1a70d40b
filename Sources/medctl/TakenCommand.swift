import MeddCommandLine
import MeddControl
import MeddCore

/// `medctl taken`: mark doses taken.
struct TakenCommand: Verb {
    static let name = "taken"
    static var abstract: String { tr("Mark a dose taken.") }
    static var discussion: String {
        tr("""
            --at WHEN is HH:MM (today, local time) or an ISO 8601 instant; default now. \
            --json prints the daemon's reply, {"dose": {...}} (an array of them for several doses). \
            --all answers every open (pending or snoozed) dose instead of the doses named, one line each; \
            with --med or --person, only that medication's or person's. It exits 1 when the daemon refused \
            any of them, after naming each refusal.
            """)
    }
    static var options: [OptionSpec] {
        [
            .value("at", "WHEN", tr("When it was taken (default: now).")),
            .value("note", "TEXT", tr("A note kept with the answer.")),
            .flag("all", tr("Every open dose, instead of the doses named.")),
            .value("med", "ID", tr("With --all: only this medication.")),
            PersonOption.option,
        ]
    }
    static var operand: OperandSpec? { AnswerCommand.targets }

    let global: GlobalOptions
    /// The doses named; nil with --all.
    let targets: [String]?
    let at: When?
    let note: String?
    let medication: String?
    let person: PersonOption?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        at = try arguments.value("at")
        note = arguments.string("note")
        medication = arguments.string("med")
        person = try arguments.value(PersonOption.option.name)
        if arguments.flag("all") {
            if !arguments.operands.isEmpty { throw arguments.error(tr("--all answers every open dose; name no dose or medication with it")) }
            try arguments.requireValidMedication(medication)
            targets = nil
        } else {
            for option in ["med", PersonOption.option.name] where arguments.string(option) != nil {
                // TRANSLATORS: %1$s is an option (--med, --person), %2$s is --all.
                throw arguments.error(tr("%1$s only applies with %2$s", "--" + option, "--all"))
            }
            targets = try AnswerCommand.targets(arguments)
        }
    }

    func run() throws {
        var parameters: [String: JSONValue] = [:]
        if let at { parameters["at"] = .string(at.iso()) }
        if let note { parameters["note"] = .string(note) }
        let doses = try targets ?? openDoses()
        if doses.isEmpty {
            if global.json { return Output.json(.array([])) }
            return Output.line(tr("no open doses to answer"))
        }
        try AnswerCommand.answer(doses, method: "Taken", global: global, parameters: parameters, listed: targets == nil) {
            AnswerCommand.line("taken", $0["dose"])
        }
    }

    /// The IDs of the open doses (of `medication`, of `person`), oldest first. An open dose is due by now
    /// and not yet past its grace: a week back is more than any grace.
    private func openDoses() throws -> [String] {
        let now = LocalTimeText.now()
        let query = DoseQuery(from: now - .days(7), to: now + .minutes(1), medication: medication, person: person, verb: Self.name)
        return try query.doses(global: global).filter { $0.isOpen && !$0.isMeasurement }.map(\.id)
    }
}
