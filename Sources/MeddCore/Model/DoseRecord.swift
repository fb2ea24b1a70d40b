/// What the dose book knows of one dose.
public struct DoseRecord: Hashable, Sendable {
    public var dose: Dose
    public var state: DoseState
    /// The last time the dose alerted (fired, renotified or came back from a snooze).
    public var lastAlert: Instant?
    public var snoozeUntil: Instant?
    public var answeredAt: Instant?
    public var source: EventSource?
    public var note: String?

    public init(dose: Dose, state: DoseState = .planned) {
        self.dose = dose
        self.state = state
    }

    public var id: DoseID { dose.id }
}

/// Where a dose is in its lifecycle: `planned` → `pending` ⇄ `snoozed` → one final state.
public enum DoseState: String, CaseIterable, Hashable, Sendable, Codable {
    case planned, pending, snoozed, taken, skipped, missed

    public var isFinal: Bool { self == .taken || self == .skipped || self == .missed }
    public var isOpen: Bool { self == .pending || self == .snoozed }
}
