/// How much one dose is: the text alerts show and the units it takes from stock. A field left nil
/// keeps the value of the level around it (a `times` entry inside a step, a step inside a medication).
public struct DoseAmount: Hashable, Sendable {
    public var dose: String?
    public var perDose: Quantity?

    public init(dose: String? = nil, perDose: Quantity? = nil) {
        self.dose = dose
        self.perDose = perDose
    }
}
