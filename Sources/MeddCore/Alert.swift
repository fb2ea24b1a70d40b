/// A desktop alert to show; a re-alert replaces the dose's existing notification.
public struct Alert: Hashable, Sendable {
    public var dose: Dose
    /// `.fired` for the first alert, `.renotified` for every later one.
    public var kind: EventKind

    public init(dose: Dose, kind: EventKind) {
        self.dose = dose
        self.kind = kind
    }
}
