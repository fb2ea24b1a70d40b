/// What the dose book asks the runtime to do, in order.
public enum Effect: Hashable, Sendable {
    /// Persist the event (ledger first), then journal it and run hooks.
    case record(DoseEvent)
    /// Show the dose's alert, replacing the one already shown for it.
    case alert(Alert)
    /// Close the dose's alert: it is answered, snoozed or missed.
    case closeAlert(DoseID)
    /// Arm the single wake-up timer; nil means nothing is scheduled.
    case wakeUp(at: Instant?)

    /// The event this effect asks to record, if it is a `.record`.
    public var recordedEvent: DoseEvent? {
        if case .record(let event) = self { return event }
        return nil
    }
}
