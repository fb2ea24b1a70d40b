/// Units on hand of one medication: the configured `stock` when counting (re)started, less
/// `per_dose` for every dose taken since. Derived from events, so a replay counts the same.
public struct StockCount: Hashable, Sendable, Codable {
    /// The configuration's `stock` when counting started; a different value restarts the count.
    public var configured: Int
    /// Doses taken before this instant were counted against an earlier `stock`.
    public var since: Instant
    public var level: Int

    public init(configured: Int, since: Instant) {
        self.configured = configured
        self.since = since
        self.level = configured
    }
}

/// Stock: a taken dose subtracts its `per_dose` (the time's, the step's or the medication's); falling to `refill_at` records one `low-stock` per crossing.
extension DoseBook {
    /// Restarts counting for every medication whose configured `stock` differs from its count's:
    /// editing `stock` in the file is how a refill is recorded. `reload` calls this itself.
    public mutating func syncStock(now: Instant) {
        for med in configuration.medications {
            guard let configured = med.stock, stock[med.id]?.configured != configured else { continue }
            stock[med.id] = StockCount(configured: configured, since: now)
        }
    }

    /// Restores the counts the ledger kept; replaying events afterwards brings the levels up to date.
    public mutating func restoreStock(_ counts: [String: StockCount]) {
        for (medication, var count) in counts {
            count.level = count.configured
            stock[medication] = count
        }
    }

    /// Adjusts the level for a dose moving into or out of `taken` at `at`.
    mutating func countStock(_ dose: DoseID, becameTaken: Bool, at: Instant) {
        guard var count = stock[dose.medication], at >= count.since else { return }
        let perDose = configuration.medication(dose.medication)?.amount(on: dose.date, at: dose.time).perDose ?? 1
        count.level += becameTaken ? -perDose : perDose
        stock[dose.medication] = count
    }

    /// The `low-stock` event owed when a taken dose brought the level down to `refill_at`.
    func lowStockEvent(after taken: DoseEvent, levelBefore: Int?) -> DoseEvent? {
        guard let med = configuration.medication(taken.dose.medication), let refillAt = med.refillAt,
              let before = levelBefore, let after = stock[med.id]?.level,
              before > refillAt, after <= refillAt else { return nil }
        return DoseEvent(kind: .lowStock, dose: taken.dose, at: taken.at, source: .daemon,
                         reason: "\(after) left of \(med.name); refill_at is \(refillAt)")
    }
}
