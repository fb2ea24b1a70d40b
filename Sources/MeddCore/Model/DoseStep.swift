/// One `[[medication.ID.step]]` of a tapering plan: from `from` (a local date) until the next step
/// begins, its values replace the medication's own. Before the first step the medication's apply.
public struct DoseStep: Hashable, Sendable {
    public var from: LocalDate
    public var amount: DoseAmount
    /// The step's own times, replacing the medication's `times` or `every`; nil keeps them.
    public var times: [WallTime]?
    /// Dose text and units of particular times of the step's own `times`.
    public var timeAmounts: [WallTime: DoseAmount]

    public init(from: LocalDate, amount: DoseAmount = DoseAmount(), times: [WallTime]? = nil, timeAmounts: [WallTime: DoseAmount] = [:]) {
        self.from = from
        self.amount = amount
        self.times = times
        self.timeAmounts = timeAmounts
    }
}
