/// Chooses the final answers in medd's journal entries per machine and user (`JournalOrigin`), each
/// exactly as that machine's ledger chose them (`LastFinalAnswers`): dose IDs repeat across machines
/// with the same configuration, so one machine's answer must never replace another's.
///
/// Pure: it takes each entry's fields in the order the journal gives them (within one machine, the
/// order they were written); reading the journal is the caller's.
public struct JournalGrouping: Sendable {
    /// How entries are put into groups.
    public enum Scope: Sendable {
        /// One group per origin: journal files collected from several machines or users.
        case byOrigin
        /// One group for everything: this machine's journal read as one user, which is one ledger's
        /// even if the machine was renamed; the group names the origin of the last entry.
        case single
    }

    public let scope: Scope
    /// Only answers whose `MEDD_PERSON` names this person count.
    public let person: String?
    private let range: LastFinalAnswers
    private var finals: [JournalOrigin: LastFinalAnswers] = [:]
    /// The person of each dose's final answer, per group.
    private var persons: [JournalOrigin: [DoseID: String]] = [:]
    private var people: [JournalOrigin: [String: String]] = [:]
    /// The origin each group is shown as: its latest entry's (a renamed machine under its new name).
    private var shownOrigin: [JournalOrigin: JournalOrigin] = [:]

    /// Every entry given, medd's or not, readable or not.
    public private(set) var entriesRead = 0
    /// The entries that passed the person filter (all of them without one).
    public private(set) var entriesKept = 0
    /// The people the entries' `MEDD_PERSON` fields name, whatever the filter.
    public private(set) var peopleNamed: Set<String> = []

    /// Keeps doses due in `[since, until)`, of `medication` and for `person` when given.
    public init(since: Instant? = nil, until: Instant? = nil, medication: String? = nil, person: String? = nil,
                scope: Scope = .byOrigin) {
        range = LastFinalAnswers(since: since, until: until, medication: medication)
        self.person = person
        self.scope = scope
    }

    /// Takes the next entry's fields (`MEDD_*` and the trusted `_HOSTNAME`, `_MACHINE_ID`, `_UID`).
    /// An entry that is not a readable dose event is counted and otherwise ignored.
    public mutating func add(journalFields fields: [String: String]) {
        entriesRead += 1
        guard let event = DoseEvent(journalFields: fields) else { return }
        let origin = JournalOrigin(journalFields: fields)
        let key = scope == .byOrigin ? origin.ledgerKey : .unknown
        shownOrigin[key] = origin
        let entryPerson = DoseEvent.person(inJournalFields: fields)
        if let entryPerson { peopleNamed.insert(entryPerson) }
        if let person, entryPerson != person { return }
        entriesKept += 1
        if let entryPerson { people[key, default: [:]][event.dose.medication] = entryPerson }
        if finals[key, default: range].add(event) { persons[key, default: [:]][event.dose.id] = entryPerson }
    }

    /// One group per origin that wrote a dose event read, sorted by origin; a group may have no answer
    /// in range.
    public var groups: [JournalGroup] {
        shownOrigin.map { key, origin in
            let events = finals[key]?.events ?? []
            let persons = self.persons[key] ?? [:]
            return JournalGroup(origin: origin, answers: events.map { JournalAnswer(event: $0, person: persons[$0.dose.id]) },
                                people: people[key] ?? [:])
        }.sorted { $0.origin < $1.origin }
    }
}
