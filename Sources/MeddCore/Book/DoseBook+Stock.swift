/// Units on hand of one medication: the configured `stock` when counting (re)started, plus the refills
/// recorded since (`medctl refill`), less `per_dose` for every dose taken since. Derived from events, so a
/// replay counts the same.
public struct StockCount: Hashable, Sendable {
    /// The configuration's `stock` when counting started; a different value restarts the count.
    public var configured: Quantity
    /// Doses taken and refills recorded before this instant were counted against an earlier `stock`.
    public var since: Instant
    public var level: Quantity

    public init(configured: Quantity, since: Instant) {
        self.configured = configured
        self.since = since
        self.level = configured
    }
}

/// Stock: a taken dose subtracts its `per_dose` (the time's, the step's or the medication's), a refill adds its
/// amount; falling to `refill_at` records one `low-stock` per crossing.
extension DoseBook {
    /// Restarts counting for every medication whose configured `stock` differs from its count's: a new
    /// `stock` in the file is the units on hand from then on, and the refills recorded before it no longer
    /// count. `reload` calls this itself.
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
        let perDose = configuration.medication(dose.medication)?.amount(on: dose.date, at: dose.time).perDose ?? .one
        count.level += becameTaken ? -perDose : perDose
        stock[dose.medication] = count
    }

    /// Adds a refill's amount to the level, unless counting restarted after it was recorded.
    mutating func countRefill(_ event: DoseEvent) {
        guard let amount = event.refill?.amount, var count = stock[event.dose.medication], event.at >= count.since else { return }
        count.level += amount
        stock[event.dose.medication] = count
    }

    /// The `low-stock` event owed when a taken dose brought the level down to `refill_at`.
    func lowStockEvent(after taken: DoseEvent, levelBefore: Quantity?) -> DoseEvent? {
        guard let med = configuration.medication(taken.dose.medication), let refillAt = med.refillAt,
              let before = levelBefore, let after = stock[med.id]?.level,
              !med.isLow(before), med.isLow(after) else { return nil }
        return DoseEvent(kind: .lowStock, dose: taken.dose, at: taken.at, source: .daemon,
                         reason: "\(after) left of \(med.name); refill_at is \(refillAt)")
    }
}

extension Medication {
    /// At or below `refill_at`, `level` is low: time to refill. Never without `refill_at`.
    public func isLow(_ level: Quantity) -> Bool {
        refillAt.map { level <= $0 } ?? false
    }
}

/// When the units on hand of one medication reach `refill_at` and when they run out, if every dose
/// still to come is taken as planned.
public struct StockForecast: Hashable, Sendable {
    /// The due time of the dose that brings the stock down to `refill_at`; nil when it is there
    /// already, when there is no `refill_at`, or not within the forecast's reach.
    public var refillDue: Instant?
    /// The due time of the first dose the stock does not cover in full; nil when it lasts beyond the reach.
    public var runsOut: Instant?

    public init(refillDue: Instant? = nil, runsOut: Instant? = nil) {
        self.refillDue = refillDue
        self.runsOut = runsOut
    }
}

extension DoseBook {
    /// How far ahead `stockForecast` plans: a year.
    public static let stockForecastReach = TimeSpan.days(366)

    /// The forecast for a medication that counts stock and plans doses (nil for an as-needed or paused
    /// one, or one without `stock`): its open doses, then its planned ones in due order, each taking
    /// its `per_dose`.
    public func stockForecast(of med: Medication, now: Instant) -> StockForecast? {
        guard !med.isAsNeeded, !med.paused, var level = stock[med.id]?.level else { return nil }
        var forecast = StockForecast()
        var finished = false
        func take(_ dose: Dose) {
            let perDose = med.amount(on: dose.id.date, at: dose.id.time).perDose
            if level < perDose {
                forecast.runsOut = dose.scheduled
                finished = true
                return
            }
            if let refillAt = med.refillAt, forecast.refillDue == nil, level > refillAt, level - perDose <= refillAt {
                forecast.refillDue = dose.scheduled
            }
            level -= perDose
        }
        for id in open.sorted() where id.medication == med.id {
            if let record = records[id], !finished { take(record.dose) }
        }
        // A month at a time: a stock that runs out soon plans little.
        var start = now
        let end = now + Self.stockForecastReach
        while !finished, start < end {
            let next = min(end, start + .days(31))
            forEachDose(from: start, to: next, medication: med.id) { record in
                if !finished, record.state == .planned { take(record.dose) }
            }
            start = next
        }
        return forecast
    }
}
