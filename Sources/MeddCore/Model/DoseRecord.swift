/// What the dose book knows of one dose.
public struct DoseRecord: Hashable, Sendable {
    public var dose: Dose
    public var state: DoseState
    /// The last time the dose alerted (fired, renotified, escalated or came back from a snooze).
    public var lastAlert: Instant?
    public var snoozeUntil: Instant?
    /// Its reminder escalated (`escalated`): once per dose, whatever the configuration says later.
    public var escalated = false
    public var answeredAt: Instant?
    public var source: EventSource?
    /// Free text given with the answer; a skip's or a miss's reason when it has no note of its own.
    public var note: String?
    /// Why the dose was skipped or missed, as its final event says (`skip --reason`, or the daemon's
    /// own: "not answered within grace").
    public var reason: String?
    /// The answers this dose had before its final one, and those given elsewhere that lost to it
    /// (`replaced`), oldest recorded first: an answer already among them is not recorded again.
    public var earlierAnswers: [Answer] = []
    /// A reminder to measure: the readings recorded for it, oldest first.
    public var readings: [Reading] = []
    /// When each of `readings` was taken, in the same order.
    public var readingTimes: [Instant] = []

    public init(dose: Dose, state: DoseState = .planned) {
        self.dose = dose
        self.state = state
    }

    public var id: DoseID { dose.id }

    /// One record per dose, each folded from that dose's own events alone, in recording order. For
    /// a final dose this is the record a replay of every event makes: another dose's snooze only
    /// ever changes an open one.
    public static func folding(_ events: some Sequence<DoseEvent>) -> [DoseRecord] {
        var found: [DoseID: DoseRecord] = [:]
        for event in events {
            var record = found[event.dose.id] ?? DoseRecord(dose: event.dose)
            if record.apply(event) { found[event.dose.id] = record }
        }
        return Array(found.values)
    }

    /// The record a dose's one event leaves, as `folding([event])` makes it: history is read from the
    /// ledger as each dose's final event.
    public init(folding event: DoseEvent) {
        self.init(dose: event.dose)
        _ = apply(event)
    }

    /// This dose's own part of an event; false when the event changes nothing (an alert or a snooze
    /// after a final answer, a notice about the medication or a refill of it).
    mutating func apply(_ event: DoseEvent) -> Bool {
        switch event.kind {
        case .fired, .renotified, .escalated:
            guard !state.isFinal else { return false }
            state = .pending
            snoozeUntil = nil
            lastAlert = event.at
            if event.kind == .escalated { escalated = true }
        case .snoozed:
            guard !state.isFinal, let until = event.snoozeUntil else { return false }
            state = .snoozed
            snoozeUntil = until
        case .taken, .skipped, .missed:
            if let kind = Answer.Kind(state), let answeredAt { earlierAnswers.append(Answer(kind: kind, at: answeredAt)) }
            state = DoseState(rawValue: event.kind.rawValue)!
            snoozeUntil = nil
            answeredAt = event.at
            source = event.source
            note = event.note ?? event.reason
            reason = event.reason
        case .replaced:
            guard let kind = event.answer.flatMap(Answer.Kind.init) else { return false }
            earlierAnswers.append(Answer(kind: kind, at: event.at))
        case .measured:
            if let reading = event.reading {
                readings.append(reading)
                readingTimes.append(event.at)
            }
            if state.isFinal {
                // A reminder answered already changes only for a measurement that settles over its answer;
                // a reading alone is kept.
                guard event.isFinal, let held = answer, isMeasuredOver(at: event.at) else { return event.reading != nil }
                earlierAnswers.append(held)
            }
            if event.isFinal {
                state = .measured
                answeredAt = event.at
                source = event.source
                note = event.note
                reason = nil
            } else {
                state = .pending
            }
            snoozeUntil = nil
        case .lowStock, .expiring, .expired, .refilled:
            return false
        }
        return true
    }

    /// A measurement taken at `when` settles over the answer this record holds, as a taken dose would
    /// (`Answer.wins`: given later, or over a miss); false while it holds none.
    func isMeasuredOver(at when: Instant) -> Bool {
        answer.map { Answer(kind: .taken, at: when).wins(over: $0) } ?? false
    }

    /// The final answer; nil while the dose is open or planned.
    public var answer: Answer? {
        guard let kind = Answer.Kind(state), let answeredAt else { return nil }
        return Answer(kind: kind, at: answeredAt)
    }

    /// This answer was recorded for the dose already: its final answer or one before it.
    public func holds(_ answer: Answer) -> Bool {
        (self.answer.map { $0.isSame(as: answer) } ?? false) || earlierAnswers.contains { $0.isSame(as: answer) }
    }

    /// The last time the dose alerted or was answered: a record touched since a cutoff is kept.
    var lastTouched: Instant? {
        switch (lastAlert, answeredAt) {
        case let (alert?, answer?): max(alert, answer)
        case let (alert, answer): alert ?? answer
        }
    }
}

/// Where a dose is in its lifecycle: `planned` → `pending` ⇄ `snoozed` → one final state.
/// A dose due before medd tracked its medication is `untracked` instead: it never alerts and no
/// adherence counts it, unless it is answered.
public enum DoseState: String, CaseIterable, Hashable, Sendable, Codable {
    case planned, pending, snoozed, taken, skipped, missed
    case untracked
    /// A reminder to measure answered by its readings.
    case measured

    public var isFinal: Bool { self == .taken || self == .skipped || self == .missed || self == .measured }
    public var isOpen: Bool { self == .pending || self == .snoozed }
}
