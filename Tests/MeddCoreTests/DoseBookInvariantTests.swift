import Foundation
import Testing
@testable import MeddCore
import MeddTestSupport

/// One test per lifecycle invariant (fires once, no alert once final, one final state, catch-up, early, durability).
@Suite struct DoseBookInvariantTests {
    let dose = "metformin_20261122_08_00"

    /// Invariant 1: a dose fires once; renotify and snooze expiry re-alert the same dose without a second `fired`.
    @Test func doseFiresOnceAndReAlertsReuseIt() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.advance("08:00")
        h.advance("08:05")
        h.advance("08:15")
        h.snooze(dose, "08:16", minutes: 10)
        h.advance("08:26")
        #expect(h.events(.fired, dose).count == 1)
        #expect(h.events(.renotified, dose).count == 2)
        #expect(h.alerts(dose).map(\.kind) == [.fired, .renotified, .renotified])
    }

    /// Invariant 2: once final, a dose's renotify and snooze are cancelled and its alert closed, whoever answered.
    @Test(arguments: [EventSource.cli, .desktop, .hook])
    func finalDoseNeverAlertsAgain(source: EventSource) throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.snooze(dose, "08:01", minutes: 30)
        let outcome = try h.book.take(dose, source: source, now: BookHarness.at("08:02")).get()
        h.effects += outcome.effects
        #expect(outcome.effects.contains(.closeAlert(DoseID(parsing: dose)!)))
        #expect(outcome.record.source == source)
        let alertsBefore = h.alerts(dose).count
        for minute in stride(from: 5, through: 59, by: 9) { h.advance("08:\(minute < 10 ? "0" : "")\(minute)") }
        h.advance("09:31")
        h.advance("11:00")
        #expect(h.alerts(dose).count == alertsBefore)
        #expect(h.events(.missed, dose).isEmpty)
        #expect(h.state(dose) == .taken)
    }

    /// Invariant 3: a dose has exactly one final state; a later answer replaces an earlier one and both are recorded.
    @Test func laterAnswerReplacesEarlierOne() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.skip(dose, "08:05")
        #expect(h.state(dose) == .skipped)
        h.take(dose, "08:30")
        #expect(h.state(dose) == .taken)
        #expect(h.events(.skipped, dose).count == 1)
        #expect(h.events(.taken, dose).count == 1)
        #expect(!h.book.open.contains(DoseID(parsing: dose)!))
        let report = Adherence.report(h.events(.skipped) + h.events(.taken))
        #expect(report.total == AdherenceCounts(onTime: 1))
    }

    /// Invariant 4: doses due while down fire at start-up within grace, older ones are missed, one catch-up alert per medication.
    @Test func catchUpAfterDowntime() {
        let hourly = Configuration(medications: [
            Medication(id: "hourly", name: "Hourly", dose: "1", schedule: .interval(every: .hours(1), from: WallTime(parsing: "06:00")!, until: WallTime(parsing: "12:00")!, DayFilter())),
            Medication(id: "metformin", name: "Metformin", dose: "500 mg", schedule: .times([WallTime(parsing: "08:00")!], DayFilter())),
        ])
        var h = BookHarness(hourly, watermark: BookHarness.at("05:30"))
        h.advance("09:30")
        #expect(h.alerts().map(\.dose.id.description).sorted() == ["hourly_20261122_09_00", "metformin_20261122_08_00"])
        #expect(h.state("hourly_20261122_06_00") == .missed)
        #expect(h.state("hourly_20261122_07_00") == .missed)
        #expect(h.state("hourly_20261122_08_00") == .missed)
        #expect(h.events(.missed, "hourly_20261122_08_00").first?.reason?.contains("superseded") == true)
        #expect(h.state("hourly_20261122_09_00") == .pending)
        #expect(h.state("metformin_20261122_08_00") == .pending)
    }

    /// Invariant 4 however long medd was down: down for 20 days with a 14-day horizon, every dose due
    /// since the watermark is missed (the latest within grace catches up), none is left planned in the
    /// past, and one answered early before the stop keeps its answer.
    @Test func downtimeLongerThanTheHorizonMissesEveryDose() throws {
        var settings = Settings()
        settings.horizonDays = 14
        var h = BookHarness(BookHarness.metformin(["08:00", "20:00"], settings: settings), watermark: BookHarness.at("07:00"))
        _ = try h.take("metformin", "07:00").get()
        let start = BookHarness.at("2026-12-12T20:30:00+01:00")
        h.effects += h.book.advance(to: start)
        let due = h.book.doses(from: BookHarness.at("07:00"), to: start)
        #expect(due.count == 42)
        #expect(due.allSatisfy { $0.dose.scheduled <= start })
        #expect(due.filter { $0.state == .planned }.isEmpty, "no dose due while medd was down may stay planned")
        #expect(h.state("metformin_20261122_08_00") == .taken)
        #expect(h.events(.missed).count == 40)
        #expect(h.state("metformin_20261123_08_00") == .missed)
        #expect(h.state("metformin_20261212_20_00") == .pending)
        #expect(h.alerts().map(\.dose.id.description) == ["metformin_20261212_20_00"])
    }

    /// A catch-up reaches back a year at most: a clock set five years ahead by mistake records a year of
    /// missed doses, and the doses before that year are untracked, not planned in the past nor missed.
    @Test func aCatchUpReachesBackAYearAtMost() {
        var h = BookHarness(BookHarness.metformin(["08:00", "20:00"]), watermark: BookHarness.at("07:00"))
        h.effects += h.book.advance(to: BookHarness.at("2031-11-22T07:00:00+01:00"))
        #expect(h.events(.missed).count == 366 * 2)
        #expect(h.events(.missed).map(\.dose.id.description).min() == "metformin_20301121_08_00")
        let states = Set(h.book.doses(from: BookHarness.at("2028-01-01T00:00:00+01:00"), to: BookHarness.at("2028-01-03T00:00:00+01:00")).map(\.state))
        #expect(states == [.untracked])
    }

    /// A clock set back (the watermark ahead of now): a dose that comes due afterwards fires when due, though
    /// an advance saw a later time before — here one a reload added, which the jump ahead never recorded.
    @Test func afterTheClockIsSetBackDosesComeDueAgain() {
        var h = BookHarness(BookHarness.metformin(["08:00", "20:00"]), watermark: BookHarness.at("07:00"))
        h.advance("15:00")
        h.advance("09:00")
        h.effects += h.book.reload(BookHarness.metformin(["08:00", "10:00", "20:00"]).withZonesLoaded(), now: BookHarness.at("09:30"))
        #expect(h.events(.fired, "metformin_20261122_10_00").isEmpty)
        h.advance("10:00")
        #expect(h.events(.fired, "metformin_20261122_10_00").count == 1)
        #expect(h.state("metformin_20261122_10_00") == .pending)
    }

    /// Invariant 5: a dose taken early, within `early`, never fires; earlier than that is refused.
    @Test func doseTakenEarlyNeverFires() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("05:00"))
        guard case .failure(.notYetDue) = h.take("metformin", "05:59") else {
            Issue.record("taking 2h01m early must be refused")
            return
        }
        #expect(throws: Never.self) { try h.take("metformin", "06:30").get() }
        h.advance("08:00")
        h.advance("09:00")
        h.advance("11:00")
        #expect(h.events(.fired, dose).isEmpty)
        #expect(h.alerts(dose).isEmpty)
        #expect(h.state(dose) == .taken)
    }

    /// Invariant 6 (the core's share): replaying the recorded events rebuilds the same book, answers included.
    @Test func replayingRecordedEventsRebuildsTheBook() {
        var h = BookHarness(BookHarness.metformin(["08:00", "08:30", "20:00"]), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take(dose, "08:10")
        h.advance("08:30")
        h.snooze("metformin_20261122_08_30", "08:31", minutes: 60)
        var rebuilt = DoseBook(configuration: h.book.configuration, localZone: BookHarness.berlin, watermark: h.book.watermark)
        for case .record(let event) in h.effects { rebuilt.absorb(event) }
        #expect(rebuilt.records == h.book.records)
        #expect(rebuilt.open == h.book.open)
        #expect(rebuilt.snoozes == h.book.snoozes)
    }
}
