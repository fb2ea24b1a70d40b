/// Parameters of `Skip`: a dose or medication ID and an optional reason.
public struct SkipRequest: Hashable, Sendable {
    public var dose: String
    public var reason: String?

    public init(dose: String, reason: String? = nil) {
        self.dose = dose
        self.reason = reason
    }
}
