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
}
