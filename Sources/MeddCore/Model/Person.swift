/// Someone medications are for: `person = "mum"` on a medication, with an optional `[person.mum]`
/// table giving the name alerts show.
public struct Person: Hashable, Sendable {
    /// The label medications name, `MEDD_PERSON` and `medctl --person`; written like a medication ID.
    public var id: String
    /// `name` from the `[person.ID]` table; nil when there is none.
    public var name: String?

    public init(id: String, name: String? = nil) {
        self.id = id
        self.name = name
    }

    /// What alerts and journal messages call the person: the name, else the label.
    public var displayName: String { name ?? id }

    /// Labels follow the medication-ID rules: `[a-z0-9][a-z0-9-]{0,63}`.
    public static func isValidID(_ text: String) -> Bool { MedicationID.isValid(text) }

    /// `what` said of `person`: `Mum — Metformin 500 mg`; `what` alone without a person.
    public static func title(_ what: String, for person: Person?) -> String {
        guard let person else { return what }
        return "\(person.displayName) — \(what)"
    }
}
