import Testing
@testable import MeddCore

/// Refills: units added to a counted stock without a change to the configuration.
@Suite struct DoseBookRefillTests {
    /// Metformin twice a day (08:00, 20:00) with `stock`, half a tablet a dose, and an as-needed ibuprofen
    /// that counts 10; a blood-pressure measurement and a vitamin that counts nothing beside them.
    static func configuration(stock: Quantity = 2, refillAt: Quantity? = 3) -> Configuration {
        var metformin = Medication(id: "metformin", name: "Metformin", dose: "500 mg",
                                   schedule: .times([WallTime(parsing: "08:00")!, WallTime(parsing: "20:00")!], DayFilter()))
        metformin.stock = stock
        metformin.perDose = Quantity(thousandths: 500)
        metformin.refillAt = refillAt
        var ibuprofen = Medication(id: "ibuprofen", name: "Ibuprofen", dose: "400 mg", schedule: .asNeeded(minInterval: nil, maxPerDay: nil))
        ibuprofen.stock = 10
        let vitamin = Medication(id: "vitamin-d", name: "Vitamin D", dose: "1000 IU", schedule: .times([WallTime(parsing: "09:00")!], DayFilter()))
        return Configuration(medications: [metformin, ibuprofen, vitamin],
                             measurements: [Measurement(id: "bp", kind: .bloodPressure, schedule: .asNeeded(minInterval: nil, maxPerDay: nil))])
    }

    static func harness(stock: Quantity = 2, refillAt: Quantity? = 3) -> BookHarness {
        var h = BookHarness(configuration(stock: stock, refillAt: refillAt), watermark: BookHarness.at("06:00"))
        h.book.syncStock(now: BookHarness.at("06:00"))
        return h
    }

    @discardableResult
    static func refill(_ h: inout BookHarness, _ medication: String, _ amount: String, _ time: String,
                       note: String? = nil) -> Result<DoseBook.RefillOutcome, DoseBook.Rejection> {
        let result = h.book.refill(medication, amount: amount, note: note, source: .cli, now: BookHarness.at(time))
        if case .success(let outcome) = result { h.effects += outcome.effects }
        return result
    }

    /// `refill`, which must succeed.
    static func refilled(_ h: inout BookHarness, _ medication: String, _ amount: String, _ time: String) throws {
        _ = try refill(&h, medication, amount, time).get()
    }

    /// A book rebuilt as a full replay does: the counts as kept, then every event recorded.
    static func replayed(_ h: BookHarness) -> DoseBook {
        var rebuilt = DoseBook(configuration: h.book.configuration, localZone: BookHarness.berlin)
        rebuilt.restoreStock(h.book.stock)
        for event in h.effects.compactMap(\.recordedEvent) { rebuilt.absorb(event) }
        return rebuilt
    }

    static func level(_ h: BookHarness, _ medication: String = "metformin") -> String? {
        h.book.stock[medication]?.level.description
    }

    /// A refill adds its amount exactly and records one `refilled` event with the level after it, named after the
    /// medication and the refill's local minute.
    @Test func aRefillAddsItsAmountExactly() throws {
        var h = Self.harness()
        let outcome = try Self.refill(&h, "metformin", "30.25", "09:03:41", note: "pharmacy").get()
        #expect(Self.level(h) == "32.25")
        #expect(outcome.effects == [.record(outcome.event)])
        let event = outcome.event
        #expect(event.kind == .refilled && event.source == .cli && event.note == "pharmacy")
        #expect(event.refill == Refill(amount: Quantity(thousandths: 30_250), stock: Quantity(thousandths: 32_250)))
        #expect(event.dose.id.description == "metformin_20261122_09_03" && event.dose.scheduled == BookHarness.at("09:03"))
        #expect(event.at == BookHarness.at("09:03:41"))
        #expect(h.book.stock["metformin"]?.configured == 2, "the configured start stays what the file says")
    }

    /// A refill touches no dose: not one due at its very minute, whose ID its event shares, which still fires,
    /// is answered and counted as any other; and adherence never counts the refill.
    @Test func aRefillTouchesNoDose() throws {
        var h = Self.harness()
        h.advance("07:59")
        try Self.refilled(&h, "metformin", "30", "08:00")
        #expect(h.book.records[DoseID(parsing: "metformin_20261122_08_00")!] == nil)
        #expect(h.book.open.isEmpty)
        h.advance("08:00")
        #expect(h.events(.fired, "metformin_20261122_08_00").count == 1)
        h.take("metformin_20261122_08_00", "08:01")
        #expect(h.state("metformin_20261122_08_00") == .taken)
        #expect(Self.level(h) == "31.5")
        let report = Adherence.report(h.effects.compactMap(\.recordedEvent))
        #expect(report.medications["metformin"]?.taken == 1 && report.total.taken == 1)
    }

    /// An as-needed medication with a stock is refilled like any other, and so is a paused one.
    @Test func asNeededAndPausedMedicationsAreRefilled() throws {
        var h = Self.harness()
        h.take("ibuprofen", "09:00")
        try Self.refilled(&h, "ibuprofen", "20", "10:00")
        #expect(Self.level(h, "ibuprofen") == "29")
        var paused = Self.configuration()
        paused.medications[0].paused = true
        h.effects += h.book.reload(paused, now: BookHarness.at("11:00"))
        try Self.refilled(&h, "metformin", "0.001", "11:30")
        #expect(Self.level(h) == "2.001")
    }

    /// Restoring the counts and replaying the events (as a start-up after a full replay does) gives the same level
    /// as the book that recorded them, whatever the order of refills, doses and changes of mind.
    @Test func aReplayGivesTheSameLevel() throws {
        var h = Self.harness()
        h.advance("08:00")
        h.take("metformin_20261122_08_00", "08:05")
        try Self.refilled(&h, "metformin", "30", "09:00")
        h.advance("20:00")
        h.take("metformin_20261122_20_00", "20:01")
        h.skip("metformin_20261122_08_00", "20:30")
        try Self.refilled(&h, "metformin", "0.125", "21:00")
        #expect(Self.level(h) == "31.625")
        let rebuilt = Self.replayed(h)
        #expect(rebuilt.stock == h.book.stock)
        #expect(rebuilt.records[DoseID(parsing: "metformin_20261122_09_00")!] == nil)
        #expect(rebuilt.records[DoseID(parsing: "metformin_20261122_21_00")!] == nil)
    }

    /// A new `stock` in the file starts the count again from it: the refills recorded before no longer count, in
    /// the book and in a replay; a refill after it does.
    @Test func aChangedStockStartsAgainWithoutEarlierRefills() throws {
        var h = Self.harness()
        try Self.refilled(&h, "metformin", "30", "09:00")
        #expect(Self.level(h) == "32")
        h.effects += h.book.reload(Self.configuration(stock: 40), now: BookHarness.at("10:00"))
        #expect(h.book.stock["metformin"] == StockCount(configured: 40, since: BookHarness.at("10:00")))
        try Self.refilled(&h, "metformin", "5", "11:00")
        #expect(Self.level(h) == "45")
        let rebuilt = Self.replayed(h)
        #expect(rebuilt.stock == h.book.stock)
    }

    /// A refill that lifts the level above `refill_at` makes the next crossing a new one: the dose that brings it
    /// down to `refill_at` again records a second `low-stock`. One that leaves it at or below records none anew.
    @Test func theLowStockCrossingComesAgainAfterARefill() throws {
        var h = Self.harness(stock: 4, refillAt: 3)
        h.advance("08:00")
        h.take("metformin_20261122_08_00", "08:01")
        h.advance("20:00")
        h.take("metformin_20261122_20_00", "20:01")
        #expect(h.events(.lowStock).map(\.dose.id.description) == ["metformin_20261122_20_00"])
        try Self.refilled(&h, "metformin", "0.5", "20:30")
        #expect(Self.level(h) == "3.5")
        h.advance("2026-11-23T08:00:00+01:00")
        h.take("metformin_20261123_08_00", "2026-11-23T08:01:00+01:00")
        #expect(h.events(.lowStock).count == 2)
        h.advance("2026-11-23T20:00:00+01:00")
        h.take("metformin_20261123_20_00", "2026-11-23T20:01:00+01:00")
        try Self.refilled(&h, "metformin", "0.25", "2026-11-23T21:00:00+01:00")
        #expect(Self.level(h) == "2.75")
        h.advance("2026-11-24T08:00:00+01:00")
        h.take("metformin_20261124_08_00", "2026-11-24T08:01:00+01:00")
        #expect(h.events(.lowStock).count == 2, "2.75 was still at or below refill_at: no new crossing")
        #expect(Self.level(h) == "2.25")
    }

    /// Refusals say precisely what is wrong, and change nothing.
    @Test(arguments: [
        ("metformin", "-3", "the amount must be more than 0, not -3: a refill adds units; to correct the count, set `stock = N` in medd.toml"),
        ("metformin", "0", "the amount must be more than 0, not 0: a refill adds units; to correct the count, set `stock = N` in medd.toml"),
        ("metformin", "-0.000", "the amount must be more than 0, not -0.000: a refill adds units; to correct the count, set `stock = N` in medd.toml"),
        ("metformin", "abc", "the amount \"abc\" is not a number; give the units added as a decimal, such as 30 or 2.5"),
        ("metformin", "2,5", "the amount \"2,5\" is not a number; give the units added as a decimal, such as 30 or 2.5"),
        ("metformin", "", "the amount is empty; give the units added, such as 30 or 2.5"),
        ("metformin", "1.2345", "the amount 1.2345 has more than 3 decimal places; stock is counted in thousandths of a unit"),
        ("metformin", "100000.001", "the amount 100000.001 is more than one refill adds: at most 100000 units"),
        ("metformin", "99999999999999", "the amount 99999999999999 is more than one refill adds: at most 100000 units"),
        ("bp", "30", "bp is a measurement, not a medication; only a medication's stock is refilled"),
        ("vitamin-d", "30", "vitamin-d does not count its stock, so there is nothing to refill; start counting with `stock = N` "
            + "(the units on hand) in its [medication.vitamin-d] table in medd.toml, then `medctl reload`"),
    ])
    func refusalsSayWhy(medication: String, amount: String, message: String) {
        var h = Self.harness()
        let before = h.book.stock
        let result = Self.refill(&h, medication, amount, "09:00")
        #expect(result == .failure(.invalidRefill(medication: medication, message)))
        #expect(h.book.stock == before && h.effects.isEmpty)
    }

    /// With the clock set back before the count's start (a reload at 10:00, then a refill the clock says is at 09:00),
    /// the refill is dated at that start and counted: the level its event names is the book's.
    @Test func aRefillBeforeTheCountsStartIsDatedAtIt() throws {
        var h = Self.harness()
        h.effects += h.book.reload(Self.configuration(stock: 40), now: BookHarness.at("10:00"))
        let outcome = try Self.refill(&h, "metformin", "5", "09:00").get()
        #expect(outcome.event.at == BookHarness.at("10:00") && outcome.event.dose.id.description == "metformin_20261122_10_00")
        #expect(Self.level(h) == "45" && outcome.event.refill?.stock.description == "45")
        #expect(Self.replayed(h).stock == h.book.stock)
    }

    @Test func anUnknownMedicationIsNoSuchMedication() {
        var h = Self.harness()
        #expect(Self.refill(&h, "aspirin", "30", "09:00") == .failure(.noSuchMedication("aspirin")))
    }

    /// The largest refill is accepted; the count may never pass the largest amount medd counts.
    @Test func theLargestRefillAndTheLargestStock() throws {
        var h = Self.harness(stock: Quantity(units: 999_900_000))
        try Self.refilled(&h, "metformin", "100000", "09:00")
        #expect(Self.level(h) == "1000000000")
        #expect(Self.refill(&h, "metformin", "0.001", "09:01")
                == .failure(.invalidRefill(medication: "metformin", "metformin would have more than 1000000000 units on hand, the most medd counts")))
    }
}
