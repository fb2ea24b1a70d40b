/// One thing that happened to a dose: a journal entry, a ledger row, and the unit the dose book replays.
public struct DoseEvent: Hashable, Sendable {
    public var kind: EventKind
    public var dose: Dose
    /// When it happened: `MEDD_EVENT_USEC`.
    public var at: Instant
    public var source: EventSource
    /// Set on `snoozed`: when the snooze ends.
    public var snoozeUntil: Instant?
    public var reason: String?
    public var note: String?
    /// Set on `replaced`: the answer that lost, `taken` or `skipped` (`MEDD_ANSWER`).
    public var answer: EventKind?
    /// Set on `measured`: the reading; nil for a reminder answered as done with no reading.
    public var reading: Reading?
    /// Set on `refilled`: the units added and the units on hand after them.
    public var refill: Refill?

    public init(kind: EventKind, dose: Dose, at: Instant, source: EventSource,
                snoozeUntil: Instant? = nil, reason: String? = nil, note: String? = nil, answer: EventKind? = nil,
                reading: Reading? = nil, refill: Refill? = nil) {
        self.kind = kind
        self.dose = dose
        self.at = at
        self.source = source
        self.snoozeUntil = snoozeUntil
        self.reason = reason
        self.note = note
        self.answer = answer
        self.reading = reading
        self.refill = refill
    }

    /// It ends its dose: an answer (`taken`, `skipped`, `missed`), the reading that completes a reminder to
    /// measure, or a reminder answered as done with no reading (a to-do completed on a phone without a value).
    public var isFinal: Bool {
        kind.isFinal || (kind == .measured && reading?.completes ?? true)
    }
}

/// Who caused an event: `MEDD_SOURCE`. `caldav` is an answer given on another device and brought
/// in by medd-sync from the CalDAV server.
public enum EventSource: String, CaseIterable, Hashable, Sendable, Codable {
    case daemon, cli, desktop, hook, caldav
}
