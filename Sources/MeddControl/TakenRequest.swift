/// Parameters of `Taken`: a dose or medication ID, when (default now) and a note.
public struct TakenRequest: Hashable, Sendable {
    public var dose: String
    public var at: String?
    public var note: String?

    public init(dose: String, at: String? = nil, note: String? = nil) {
        self.dose = dose
        self.at = at
        self.note = note
    }
}
