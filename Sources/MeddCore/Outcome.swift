/// An accepted answer: the dose as it now stands and what the runtime must do.
public struct Outcome: Hashable, Sendable {
    public var record: DoseRecord
    public var effects: [Effect]
}
