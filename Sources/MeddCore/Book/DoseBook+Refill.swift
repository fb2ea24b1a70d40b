/// Refills: units a person adds to a medication's counted stock (`medctl refill`), recorded as a `refilled`
/// event instead of a new `stock` in the configuration.
///
/// A refill's event carries a dose named after the medication and the refill's local minute in the
/// medication's zone (`<med>_<yyyyMMdd>_<HH>_<MM>`, due at that minute), so it travels through the ledger, the
/// journal and hooks like a dose event, yet no dose record is touched and no adherence counts it. Its amount
/// counts in the level when it was recorded at or after `StockCount.since`: a new `stock` in the file starts
/// the count again from that value, without the refills before it.
extension DoseBook {
    /// A refill recorded: its event (with the level after it) and the effects that persist it.
    public struct RefillOutcome: Hashable, Sendable {
        public var event: DoseEvent
        public var effects: [Effect]
    }

    /// Adds `amount` (a decimal above 0 with at most three places, at most `Refill.largest`) to the counted
    /// stock of `medication`, which must be a medication with `stock` in the configuration (as-needed and paused
    /// ones too). A level that had reached `refill_at` is above it again when the amount lifts it there, and the
    /// next dose that brings it down records a new `low-stock`.
    public mutating func refill(_ medication: String, amount text: String, note: String? = nil,
                                source: EventSource, now: Instant) -> Result<RefillOutcome, Rejection> {
        guard let med = configuration.medication(medication) else {
            guard configuration.measurement(medication) == nil else {
                return .failure(.invalidRefill(medication: medication,
                                               "\(medication) is a measurement, not a medication; only a medication's stock is refilled"))
            }
            return .failure(.noSuchMedication(medication))
        }
        guard med.stock != nil, let count = stock[med.id] else {
            return .failure(.invalidRefill(medication: med.id, """
                \(med.id) does not count its stock, so there is nothing to refill; start counting with `stock = N` \
                (the units on hand) in its [medication.\(med.id)] table in medd.toml, then `medctl reload`
                """))
        }
        let amount: Quantity
        switch Self.refillAmount(text) {
        case .success(let parsed): amount = parsed
        case .failure(let why): return .failure(.invalidRefill(medication: med.id, why.description))
        }
        guard count.level + amount <= Quantity.maximum else {
            return .failure(.invalidRefill(medication: med.id,
                                           "\(med.id) would have more than \(Quantity.maximum) units on hand, the most medd counts"))
        }
        // After the clock was set back past the count's start, the refill is dated at that start: counted all the same.
        let at = max(now, count.since)
        let rules = planner.rules(for: med)
        let local = rules.local(at)
        let (minute, offset) = rules.resolve(local.date, local.time)
        let dose = Dose(id: DoseID(medication: med.id, date: local.date, time: local.time), name: med.name, doseText: med.dose,
                        scheduled: minute, utcOffset: offset)
        let event = DoseEvent(kind: .refilled, dose: dose, at: at, source: source, note: note,
                              refill: Refill(amount: amount, stock: count.level + amount))
        var effects: [Effect] = []
        emit(event, into: &effects)
        return .success(RefillOutcome(event: event, effects: effects))
    }

    /// Why an amount is not one a refill adds.
    enum RefillAmountRefusal: Error, CustomStringConvertible {
        case empty
        case notDecimal(String)
        case tooPrecise(String)
        case notAbove0(String)
        case tooLarge(String)

        var description: String {
            switch self {
            case .empty:
                "the amount is empty; give the units added, such as 30 or 2.5"
            case .notDecimal(let text):
                "the amount \"\(text)\" is not a number; give the units added as a decimal, such as 30 or 2.5"
            case .tooPrecise(let text):
                "the amount \(text) has more than \(Quantity.decimalPlaces) decimal places; stock is counted in thousandths of a unit"
            case .notAbove0(let text):
                "the amount must be more than 0, not \(text): a refill adds units; to correct the count, set `stock = N` in medd.toml"
            case .tooLarge(let text):
                "the amount \(text) is more than one refill adds: at most \(Refill.largest) units"
            }
        }
    }

    /// The units a refill's text says: a decimal with a point, above 0, with at most three decimal places and
    /// at most `Refill.largest`.
    static func refillAmount(_ text: String) -> Result<Quantity, RefillAmountRefusal> {
        guard !text.isEmpty else { return .failure(.empty) }
        switch Quantity.parse(text) {
        case .failure(.notDecimal): return .failure(.notDecimal(text))
        case .failure(.tooPrecise): return .failure(.tooPrecise(text))
        case .failure(.tooLarge): return .failure(text.first == "-" ? .notAbove0(text) : .tooLarge(text))
        case .success(let amount) where amount <= .zero: return .failure(.notAbove0(text))
        case .success(let amount) where amount > Refill.largest: return .failure(.tooLarge(text))
        case .success(let amount): return .success(amount)
        }
    }
}
