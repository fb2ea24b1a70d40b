/// The final answer of each dose, gathered from events in the order they were recorded: the answer
/// recorded last wins, as in the ledger and the dose book — not the one with the latest `at` (a
/// `taken` backdated to before an earlier `skip` is still a change of mind). Only doses due in
/// `[since, until)`, and of `medication` when given, are kept; reminders to measure never count.
public struct LastFinalAnswers: Sendable {
    public let since: Instant?
    public let until: Instant?
    public let medication: String?
    private var last: [DoseID: DoseEvent] = [:]

    public init(since: Instant? = nil, until: Instant? = nil, medication: String? = nil) {
        self.since = since
        self.until = until
        self.medication = medication
    }

    /// Takes the next recorded event; anything but a final answer in range is ignored. True when the
    /// event is now its dose's final answer.
    @discardableResult
    public mutating func add(_ event: DoseEvent) -> Bool {
        let dose = event.dose
        guard event.kind.isFinal, !dose.isMeasurement else { return false }
        if let since, dose.scheduled < since { return false }
        if let until, dose.scheduled >= until { return false }
        if let medication, dose.medication != medication { return false }
        last[dose.id] = event
        return true
    }

    public var answers: [FinalAnswer] { last.values.map(FinalAnswer.init) }

    /// The final event of each dose, whole (source, reason, note), oldest due first.
    public var events: [DoseEvent] {
        last.values.sorted { ($0.dose.scheduled, $0.dose.id.description) < ($1.dose.scheduled, $1.dose.id.description) }
    }
}

/// The final outcome of one dose: all adherence needs to know about it.
public struct FinalAnswer: Hashable, Sendable {
    public var medication: String
    public var kind: EventKind
    public var scheduled: Instant
    public var at: Instant

    public init(medication: String, kind: EventKind, scheduled: Instant, at: Instant) {
        self.medication = medication
        self.kind = kind
        self.scheduled = scheduled
        self.at = at
    }

    /// The outcome a final event records.
    public init(_ event: DoseEvent) {
        self.init(medication: event.dose.medication, kind: event.kind, scheduled: event.dose.scheduled, at: event.at)
    }
}
