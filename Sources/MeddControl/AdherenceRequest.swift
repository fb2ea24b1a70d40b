/// Parameters of `Adherence`; nil means the default range or all medications.
public struct AdherenceRequest: Hashable, Sendable {
    public var since: String?
    public var until: String?
    public var medication: String?

    public init(since: String? = nil, until: String? = nil, medication: String? = nil) {
        self.since = since
        self.until = until
        self.medication = medication
    }
}
