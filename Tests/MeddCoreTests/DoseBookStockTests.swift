import Testing
@testable import MeddCore

/// Stock counting and the low-stock event.
@Suite struct DoseBookStockTests {
    static func configuration(stock: Quantity, perDose: Quantity = 1, refillAt: Quantity? = 2) -> Configuration {
        var med = Medication(id: "pill", name: "Pill", dose: "1 tablet", schedule: .asNeeded(minInterval: nil, maxPerDay: nil))
        med.stock = stock
        med.perDose = perDose
        med.refillAt = refillAt
        return Configuration(medications: [med])
    }

    static func harness(stock: Quantity, perDose: Quantity = 1, refillAt: Quantity? = 2) -> BookHarness {
        var h = BookHarness(configuration(stock: stock, perDose: perDose, refillAt: refillAt))
        h.book.syncStock(now: BookHarness.at("06:00"))
        return h
    }

    /// 10,000 doses of a quarter tablet (and of a tenth, which binary floating point cannot hold) leave
    /// exactly what arithmetic says: 3,000 − 10,000 × 0.25 = 500 and 3,000 − 10,000 × 0.1 = 2,000.
    @Test(arguments: [("0.25", "500"), ("0.1", "2000")])
    func tenThousandFractionalDosesEndExactly(perDose: String, left: String) throws {
        var h = Self.harness(stock: 3000, perDose: try Quantity.parse(perDose).get(), refillAt: nil)
        let start = BookHarness.at("08:00")
        for index in 0..<10_000 {
            let taken = h.book.take("pill", at: nil, source: .cli, now: start + .minutes(Int64(index) * 37))
            #expect(throws: Never.self) { try taken.get() }
        }
        #expect(h.book.stock["pill"]?.level == (try Quantity.parse(left).get()))
        #expect(h.book.stock["pill"]?.level.description == left)
    }

    /// 10.5 tablets at a quarter a dose, twice a day, cover 42 doses (10.5 / 0.25): the 43rd, on the 22nd
    /// day (dose 43 is day 21's 08:00), finds too little; the 32nd (day 15, 20:00) brings 10.5 − 8 = 2.5, the
    /// refill level.
    @Test func forecastWithQuarterTabletsMatchesTheHandComputation() throws {
        var h = BookHarness(Self.twiceDaily(stock: try Quantity.parse("10.5").get(), refillAt: try Quantity.parse("2.5").get(),
                                            perDose: try Quantity.parse("0.25").get()), watermark: BookHarness.at("06:00"))
        h.book.syncStock(now: BookHarness.at("06:00"))
        let forecast = h.book.stockForecast(of: h.book.configuration.medications[0], now: BookHarness.at("06:00"))
        #expect(forecast?.refillDue == BookHarness.at("2026-12-07T20:00:00+01:00"))
        #expect(forecast?.runsOut == BookHarness.at("2026-12-13T08:00:00+01:00"))
    }

    /// Each taken dose subtracts `per_dose`.
    @Test func takenDoseSubtractsPerDose() {
        var h = Self.harness(stock: 10, perDose: 2, refillAt: nil)
        h.take("pill", "08:00")
        h.take("pill", "09:00")
        #expect(h.book.stock["pill"]?.level == 6)
    }

    /// A taken dose subtracts its own units: the time's, else the medication's; from a step giving
    /// `per_dose` on, that step's for every time.
    @Test func takenDoseSubtractsTheUnitsOfItsTimeAndStep() {
        var med = Medication(id: "pred", name: "Prednisone", dose: "10 mg", schedule: .times([WallTime(parsing: "08:00")!, WallTime(parsing: "20:00")!], DayFilter()))
        med.stock = 100
        med.perDose = 2
        med.timeAmounts = [WallTime(parsing: "20:00")!: DoseAmount(perDose: 5)]
        med.steps = [DoseStep(from: LocalDate(parsing: "2026-11-23")!, amount: DoseAmount(perDose: 1))]
        var h = BookHarness(Configuration(medications: [med]))
        h.book.syncStock(now: BookHarness.at("06:00"))
        h.take("pred_20261122_08_00", "08:00")
        h.take("pred_20261122_20_00", "20:00")
        #expect(h.book.stock["pred"]?.level == 93)
        h.take("pred_20261123_08_00", "2026-11-23T08:00:00+01:00")
        h.take("pred_20261123_20_00", "2026-11-23T20:00:00+01:00")
        #expect(h.book.stock["pred"]?.level == 91)
        h.skip("pred_20261122_20_00", "2026-11-23T21:00:00+01:00")
        #expect(h.book.stock["pred"]?.level == 96)
    }

    /// Falling to `refill_at` records exactly one low-stock event; further doses below it add none.
    @Test func oneLowStockEventPerCrossing() {
        var h = Self.harness(stock: 4)
        for hour in ["08:00", "09:00", "10:00", "11:00"] { h.take("pill", hour) }
        let lowStock = h.events(.lowStock)
        #expect(lowStock.count == 1)
        #expect(lowStock.first?.dose.id.description == "pill_20261122_09_00")
        #expect(lowStock.first?.reason == "2 left of Pill; refill_at is 2")
        #expect(h.book.stock["pill"]?.level == 0)
    }

    /// A change of mind from taken to skipped puts the units back; falling again is a new crossing.
    @Test func untakingRestoresStockAndAllowsANewCrossing() {
        var h = Self.harness(stock: 3)
        h.take("pill", "08:00")
        #expect(h.events(.lowStock).count == 1)
        h.skip("pill_20261122_08_00", "08:05")
        #expect(h.book.stock["pill"]?.level == 3)
        h.take("pill", "09:00")
        #expect(h.events(.lowStock).count == 2)
    }

    /// Changing `stock` in the configuration restarts the count from the new value: a refill.
    @Test func configChangeResetsTheCount() {
        var h = Self.harness(stock: 3)
        h.take("pill", "08:00")
        h.effects += h.book.reload(Self.configuration(stock: 30), now: BookHarness.at("09:00"))
        #expect(h.book.stock["pill"] == StockCount(configured: 30, since: BookHarness.at("09:00")))
        h.take("pill", "10:00")
        #expect(h.book.stock["pill"]?.level == 29)
        h.effects += h.book.reload(Self.configuration(stock: 30), now: BookHarness.at("11:00"))
        #expect(h.book.stock["pill"]?.level == 29)
    }

    /// Restoring the kept counts and replaying the events gives the same levels.
    @Test func replayRebuildsLevels() {
        var h = Self.harness(stock: 5)
        h.take("pill", "08:00")
        h.take("pill", "09:00")
        h.skip("pill_20261122_08_00", "09:30")
        var rebuilt = DoseBook(configuration: h.book.configuration, localZone: BookHarness.berlin)
        rebuilt.restoreStock(h.book.stock)
        for case .record(let event) in h.effects { rebuilt.absorb(event) }
        #expect(rebuilt.stock == h.book.stock)
        #expect(rebuilt.stock["pill"]?.level == 4)
    }

    static func twiceDaily(stock: Quantity, refillAt: Quantity?, perDose: Quantity = 1) -> Configuration {
        var med = Medication(id: "met", name: "Metformin", dose: "500 mg",
                             schedule: .times([WallTime(parsing: "08:00")!, WallTime(parsing: "20:00")!], DayFilter()))
        med.stock = stock
        med.refillAt = refillAt
        med.perDose = perDose
        return Configuration(medications: [med])
    }

    /// The forecast takes the planned doses in order: the one that brings the stock to `refill_at`,
    /// and the first one it cannot cover.
    @Test func forecastNamesTheRefillDoseAndTheFirstUncovered() {
        var h = BookHarness(Self.twiceDaily(stock: 5, refillAt: 2), watermark: BookHarness.at("06:00"))
        h.book.syncStock(now: BookHarness.at("06:00"))
        let med = h.book.configuration.medications[0]
        let forecast = h.book.stockForecast(of: med, now: BookHarness.at("06:00"))
        #expect(forecast?.refillDue == BookHarness.at("2026-11-23T08:00:00+01:00"))
        #expect(forecast?.runsOut == BookHarness.at("2026-11-24T20:00:00+01:00"))
    }

    /// An open dose is still to be taken, a dose taken early is not; a stock at `refill_at` already has
    /// no refill dose; two units a dose run out at the first dose with one left.
    @Test func forecastCountsOpenDosesAndSkipsTakenOnes() throws {
        var h = BookHarness(Self.twiceDaily(stock: 4, refillAt: 4, perDose: 2), watermark: BookHarness.at("07:00"))
        h.book.syncStock(now: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = try h.take("met_20261122_20_00", "19:00").get()
        let med = h.book.configuration.medications[0]
        let forecast = h.book.stockForecast(of: med, now: BookHarness.at("08:01"))
        // 4 − 2 (taken at 19:00) = 2 left; the pending 08:00 dose takes them; 2026-11-23 08:00 finds none.
        #expect(forecast?.refillDue == nil)
        #expect(forecast?.runsOut == BookHarness.at("2026-11-23T08:00:00+01:00"))
    }

    /// As-needed, paused and uncounted medications have no forecast; a stock that outlasts a year has no dates.
    @Test func forecastOnlyForCountedSchedules() {
        let h = BookHarness(Self.twiceDaily(stock: 1000, refillAt: 10), watermark: BookHarness.at("06:00"))
        var book = h.book
        book.syncStock(now: BookHarness.at("06:00"))
        let now = BookHarness.at("06:00")
        #expect(book.stockForecast(of: book.configuration.medications[0], now: now) == StockForecast())
        var paused = book.configuration.medications[0]
        paused.paused = true
        #expect(book.stockForecast(of: paused, now: now) == nil)
        let pills = Self.harness(stock: 10)
        #expect(pills.book.stockForecast(of: pills.book.configuration.medications[0], now: now) == nil)
        let uncounted = BookHarness(BookHarness.metformin())
        #expect(uncounted.book.stockForecast(of: uncounted.book.configuration.medications[0], now: now) == nil)
    }
}
