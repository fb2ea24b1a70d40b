/// The final answers of one machine and user, chosen from the journal as that machine's ledger chose
/// them: what `medctl adherence` and `history` report per machine.
public struct JournalGroup: Hashable, Sendable {
    public var origin: JournalOrigin
    /// The final answer of each dose, oldest due first (ties by dose ID, as the ledger's history).
    public var answers: [JournalAnswer]
    /// The `MEDD_PERSON` of each medication's latest answer that names one, by medication ID.
    public var people: [String: String]

    public init(origin: JournalOrigin, answers: [JournalAnswer], people: [String: String] = [:]) {
        self.origin = origin
        self.answers = answers
        self.people = people
    }

    public var finals: [FinalAnswer] { answers.map { FinalAnswer($0.event) } }

    public var report: AdherenceReport { Adherence.report(finals: finals) }
}

/// One dose's final answer as the journal recorded it.
public struct JournalAnswer: Hashable, Sendable {
    /// The `taken`, `skipped` or `missed` event, with its source, reason and note.
    public var event: DoseEvent
    /// Whom the dose's medication was for when it was answered: the entry's `MEDD_PERSON`.
    public var person: String?

    public init(event: DoseEvent, person: String?) {
        self.event = event
        self.person = person
    }
}
