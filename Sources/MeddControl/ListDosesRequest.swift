/// Parameters of `ListDoses`; nil means the default range or all medications.
public struct ListDosesRequest: Hashable, Sendable {
    public var from: String?
    public var to: String?
    public var medication: String?

    public init(from: String? = nil, to: String? = nil, medication: String? = nil) {
        self.from = from
        self.to = to
        self.medication = medication
    }
}
