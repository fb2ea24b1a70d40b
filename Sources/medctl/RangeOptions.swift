import MeddCommandLine
import MeddControl
import MeddCore

/// The range options of `doses`, `history`, `adherence` and `export`: a start, an end, `--med` and
/// `--person`, parsed the same way for all of them into a `DoseQuery`. Each verb keeps its own flag names and help
/// through `Flags` (`--since`/`--until`, `--from`/`--to`, `--since`/`--days`).
struct RangeOptions<Flags: RangeFlags>: Sendable {
    var start: When?
    var end: Flags.End?
    var medication: String?
    var person: PersonOption?

    static var options: [OptionSpec] {
        [Flags.startFlag.option, Flags.endFlag.option, .value("med", "ID", tr("Only this medication.")), PersonOption.option]
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        start = try arguments.value(Flags.startFlag.name)
        end = try arguments.value(Flags.endFlag.name)
        medication = arguments.string("med")
        person = try arguments.value(PersonOption.option.name)
    }

    /// Refuses a `--med` that cannot be a medication ID, for the verbs that read it themselves (the
    /// journal, a report) rather than leave it to the daemon.
    func requireValidMedication(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireValidMedication(medication)
    }

    /// The range as given, starting at `defaultStart` when no start was given; an end given as a
    /// length counts from the start.
    func query(defaultStart: When? = nil, now: Instant = LocalTimeText.now()) -> DoseQuery {
        let from = (start ?? defaultStart)?.instant(now: now)
        return DoseQuery(from: from, to: end?.instant(after: from, now: now), medication: medication, person: person,
                         verb: Flags.name)
    }
}

/// How one verb spells its range options.
protocol RangeFlags {
    /// The verb's name, for errors that point to its help.
    static var name: String { get }
    /// `When` for an end point, `Days` for a length.
    associatedtype End: RangeEnd
    static var startFlag: RangeFlag { get }
    static var endFlag: RangeFlag { get }
}

struct RangeFlag {
    let option: OptionSpec

    init(_ name: String, _ help: String, valueName: String = "WHEN") {
        option = .value(name, valueName, help)
    }

    var name: String { option.name }
}

/// How a range's end is written on the command line.
protocol RangeEnd: ArgumentValue, Sendable {
    func instant(after start: Instant?, now: Instant) -> Instant
}

extension When: RangeEnd {
    func instant(after start: Instant?, now: Instant) -> Instant { instant(now: now) }
}

/// `--days N`: the range ends N days after its start.
struct Days: RangeEnd {
    var count: Int

    init?(argument: String) {
        guard let count = Int(argument) else { return nil }
        self.count = count
    }

    // TRANSLATORS: completes "--days soon: expected %3$s".
    static var expectation: String { tr("a whole number of days") }

    func instant(after start: Instant?, now: Instant) -> Instant { (start ?? now) + .days(Int64(count)) }
}

/// A range of due times and a medication as the daemon's `ListDoses` and `Adherence` take them; what
/// is nil is left to the daemon's defaults, on its own clock. A person is chosen here, by the `person`
/// each dose carries.
struct DoseQuery {
    var from: Instant?
    var to: Instant?
    var medication: String?
    var person: PersonOption?
    /// The verb asking, whose help a usage error points to.
    var verb: String?

    /// The doses due on `day`, local time.
    static func day(_ day: LocalDate, person: PersonOption? = nil, verb: String? = nil) -> DoseQuery {
        DoseQuery(from: LocalTimeText.rules.startOfDay(day), to: LocalTimeText.rules.startOfDay(day.adding(days: 1)), person: person,
                  verb: verb)
    }

    var listDosesParameters: [String: JSONValue] { parameters(from: "from", to: "to") }
    var adherenceParameters: [String: JSONValue] { parameters(from: "since", to: "until") }

    private func parameters(from fromName: String, to toName: String) -> [String: JSONValue] {
        var parameters: [String: JSONValue] = [:]
        if let from { parameters[fromName] = .string(LocalTimeText.rules.format(from)) }
        if let to { parameters[toName] = .string(LocalTimeText.rules.format(to)) }
        if let medication { parameters["medication"] = .string(medication) }
        return parameters
    }

    /// Every dose due in the range, in the daemon's order (by due instant), whatever its state; only
    /// those of `person` when one is given, which must be someone a medication is for.
    func doses(global: GlobalOptions) throws -> [DoseRow] {
        let client = try connect(global: global)
        do {
            return try DoseRow.list(client.call("ListDoses", listDosesParameters)["doses"], where: isChosen)
        } catch {
            guard startsPastTheHorizon(error) else { throw error }
            return []
        }
    }

    /// The answered and missed doses, oldest first, as the ledger holds them: collected from `history(global:pages:)`.
    func history(global: GlobalOptions) throws -> [DoseRow] {
        var doses: [DoseRow] = []
        try history(global: global) { doses += $0 }
        return doses
    }

    /// The answered and missed doses, oldest first, handed to `page` as the daemon reads them from its
    /// ledger (`ListHistory` with `more`: years of them, a page at a time, never held whole here or
    /// there). Doses the daemon never recorded are not among them.
    func history(global: GlobalOptions, pages page: ([DoseRow]) throws -> Void) throws {
        var doses: [DoseRow] = []
        try history(global: global) { dose in
            if isChosen(dose), let row = DoseRow(dose.value) { doses.append(row) }
        } replied: {
            defer { doses.removeAll(keepingCapacity: true) }
            try page(doses)
        }
    }

    /// The history as `history(global:pages:)` reads it, each dose handed to `dose` as it stands in the daemon's
    /// reply (a writer of years of them makes no `DoseRow`), `replied` after each reply. Every dose, final or
    /// not, of the person asked for or not: `isChosen(_:)` tells.
    func history(global: GlobalOptions, dose: (JSONParser.RawObject) -> Void, replied: () throws -> Void) throws {
        let client = try connect(global: global)
        var failure: (any Error)?
        do {
            try client.stream("ListHistory", listDosesParameters, list: "doses", element: dose) {
                do {
                    try replied()
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            guard startsPastTheHorizon(error) else { throw error }
            return
        }
        if let failure { throw failure }
    }

    /// A dose of the history that is final and, when a person is asked for, theirs.
    func isChosen(_ dose: JSONParser.RawObject) -> Bool {
        dose.string("state").flatMap(DoseState.init(rawValue:))?.isFinal == true
            && (person.map { dose.has("person", equalTo: $0.id) } ?? true)
    }

    /// A client of the daemon, once a `person` asked for is known to it.
    private func connect(global: GlobalOptions) throws -> ControlClient {
        let client = try global.connect()
        if let person { try person.requireKnown(among: PersonOption.people(client: client), verb: verb) }
        return client
    }

    private func isChosen(_ dose: DoseRow) -> Bool {
        person.map { dose.person == $0.id } ?? true
    }

    /// A start past the end of the horizon: the daemon refuses its default end as earlier than the
    /// start, but the range is simply empty.
    private func startsPastTheHorizon(_ error: ClientError) -> Bool {
        guard to == nil, case .daemon("org.varlink.service.InvalidParameter", let details) = error else { return false }
        return details["parameter"] == .string("to")
    }
}
