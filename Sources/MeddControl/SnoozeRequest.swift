/// Parameters of `Snooze`: a dose or medication ID and minutes (default from the configuration).
public struct SnoozeRequest: Hashable, Sendable {
    public var dose: String
    public var minutes: Int?

    public init(dose: String, minutes: Int? = nil) {
        self.dose = dose
        self.minutes = minutes
    }
}
