import Foundation
import Testing
@testable import MeddCore
import MeddTestSupport

/// Time passing: renotify, snooze, grace, reload, zone changes and wake-ups.
@Suite struct DoseBookLifecycleTests {
    let dose = "metformin_20261122_08_00"

    /// An unanswered dose re-alerts every `renotify` (at 08:30 as the escalation) and becomes missed, with its
    /// alert closed, at `grace`.
    @Test func unansweredDoseRenotifiesThenMisses() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        for minute in [15, 30, 45] { h.advance("08:\(minute)") }
        h.advance("09:59")
        #expect(h.state(dose) == .pending)
        h.advance("10:00")
        #expect(h.state(dose) == .missed)
        #expect(h.closes(dose) == 1)
        #expect(h.events(.renotified, dose).count == 3)
        #expect(h.events(.escalated, dose).map(\.at) == [BookHarness.at("08:30")])
    }

    /// With `renotify = "0"` a pending dose alerts once and the next wake-up is its grace deadline.
    @Test func renotifyZeroNeverReAlerts() {
        var settings = Settings()
        settings.renotify = .zero
        settings.alert.escalateAfter = .zero
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: settings), watermark: BookHarness.at("07:00"))
        let effects = h.advance("08:00")
        #expect(BookHarness.wakeUp(in: effects) == .some(BookHarness.at("10:00")))
        h.advance("09:00")
        #expect(h.alerts(dose).count == 1)
    }

    /// A second snooze replaces the first: only the latest end re-alerts, under the snooze ID.
    @Test func snoozesNeverStack() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        let first = try h.snooze(dose, "08:01", minutes: 10).get()
        #expect(first.record.snoozeUntil == BookHarness.at("08:11"))
        _ = try h.snooze(dose, "08:02", minutes: 30).get()
        h.advance("08:11")
        #expect(h.events(.renotified, dose).isEmpty)
        h.advance("08:32")
        #expect(h.events(.renotified, dose).count == 1)
        #expect(h.events(.renotified, dose).first?.reason == "snooze snooze_metformin_08_00 ended")
        #expect(DoseID(parsing: dose)!.snoozeID.description == "snooze_metformin_08_00")
    }

    /// A snooze of today's 08:00 dose displaces yesterday's outstanding snooze on the same snooze ID.
    @Test func newSnoozeDisplacesOtherDoseOnSameSnoozeID() {
        var settings = Settings()
        settings.grace = .hours(30)
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: settings), watermark: BookHarness.at("2026-11-21T07:00:00+01:00"))
        h.advance("2026-11-21T08:00:00+01:00")
        h.snooze("metformin_20261121_08_00", "2026-11-22T07:59:00+01:00", minutes: 60)
        h.advance("08:00")
        h.snooze(dose, "08:01", minutes: 60)
        #expect(h.state("metformin_20261121_08_00") == .pending)
        #expect(h.state(dose) == .snoozed)
        #expect(h.book.snoozes.count == 1)
    }

    /// A snooze that runs past grace still rings, and the dose is missed one default snooze later.
    @Test func snoozePastGraceStillRings() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.snooze(dose, "09:50", minutes: 60)
        h.advance("10:00")
        #expect(h.state(dose) == .snoozed)
        h.advance("10:50")
        #expect(h.alerts(dose).last?.kind == .renotified)
        h.advance("11:00")
        #expect(h.state(dose) == .missed)
    }

    /// Snoozing a dose that has not fired, or is final, is refused.
    @Test func snoozeRefusedForPlannedAndFinalDoses() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        #expect(h.snooze(dose, "07:30") == .failure(.notYetDue(DoseID(parsing: dose)!, due: BookHarness.at("08:00"))))
        h.advance("08:00")
        h.take(dose, "08:01")
        #expect(h.snooze(dose, "08:02") == .failure(.alreadyFinal(DoseID(parsing: dose)!, .taken)))
        #expect(h.snooze("metformin", "08:02", minutes: 0) == .failure(.invalidParameter("a snooze lasts from 1 minute to 1d; got 0")))
    }

    /// A reload that removes a medication closes its open dose as skipped and plans nothing more for it.
    @Test func reloadRemovingMedicationClosesItsDose() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.effects += h.book.reload(Configuration(), now: BookHarness.at("08:05"))
        #expect(h.state(dose) == .skipped)
        #expect(h.events(.skipped, dose).first?.reason == "medication removed from the configuration")
        #expect(h.closes(dose) == 1)
        h.advance("20:00")
        #expect(h.events(.fired).count == 1)
    }

    /// Moving a time after the dose was taken does not fire the moved dose: no doubled dose.
    @Test func reloadMovingTimeAfterTakingDoesNotDouble() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take(dose, "08:05")
        h.effects += h.book.reload(BookHarness.metformin(["08:30", "20:00"]), now: BookHarness.at("09:00"))
        h.advance("09:30")
        #expect(h.events(.fired).count == 1)
        #expect(h.book.records[DoseID(parsing: "metformin_20261122_08_30")!] == nil)
    }

    /// A reload that adds a medication with times earlier today, even within grace, alerts none of
    /// them: medd did not know them when they were due, so they are untracked; later ones fire.
    @Test func reloadAddingMedicationLeavesEarlierDosesUntracked() {
        var h = BookHarness(Configuration(), watermark: BookHarness.at("07:00"))
        h.advance("08:30")
        h.effects += h.book.reload(BookHarness.metformin(["08:00", "06:00", "09:30"]), now: BookHarness.at("09:00"))
        #expect(h.alerts().isEmpty)
        #expect(h.effects.compactMap(\.recordedEvent).isEmpty)
        let today = h.book.doses(from: BookHarness.at("00:00"), to: BookHarness.at("23:59"))
        #expect(today.map(\.state) == [.untracked, .untracked, .planned])
        h.advance("09:30")
        #expect(h.alerts().map(\.dose.id.description) == ["metformin_20261122_09_30"])
    }

    /// `timezone = "local"` follows a zone change: 08:00 stays 08:00 local and the fired dose keeps its ID.
    @Test func localScheduleFollowsZoneChange() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.take(dose, "08:01")
        let newYork = SystemZone.named("America/New_York")
        h.effects += h.book.changeLocalZone(to: newYork, now: BookHarness.at("09:00"))
        #expect(h.book.nextDose(after: BookHarness.at("09:00"))?.id.description == "metformin_20261122_20_00")
        #expect(h.book.nextDose(after: BookHarness.at("09:00"))?.scheduledText == "2026-11-22T20:00:00-05:00")
        h.advance("2026-11-22T08:00:00-05:00")
        #expect(h.events(.fired).count == 1)
    }

    /// A named zone pins the schedule: a system zone change does not move it.
    @Test func namedZoneIgnoresSystemZoneChange() {
        var config = BookHarness.metformin()
        config.settings.timezone = .named("Europe/Berlin")
        var h = BookHarness(config, watermark: BookHarness.at("07:00"))
        h.effects += h.book.changeLocalZone(to: SystemZone.named("Asia/Tokyo"), now: BookHarness.at("07:00"))
        #expect(h.book.nextDose(after: BookHarness.at("07:00"))?.scheduledText == "2026-11-22T08:00:00+01:00")
    }

    /// Doses coming due in one instant (a DST gap folding two times together) all fire: none dropped.
    @Test func dosesDueTogetherAllFire() {
        let newYork = SystemZone.named("America/New_York")
        let config = Configuration(medications: [
            Medication(id: "a", name: "A", dose: "1", schedule: .times([WallTime(parsing: "02:30")!, WallTime(parsing: "03:30")!], DayFilter())),
        ])
        var h = BookHarness(config, zone: newYork, watermark: BookHarness.at("2027-03-14T01:00:00-05:00"))
        h.advance("2027-03-14T03:30:00-04:00")
        #expect(h.alerts().map(\.dose.id.description) == ["a_20270314_02_30", "a_20270314_03_30"])
    }

    /// With nothing scheduled the book asks for no wake-up at all.
    @Test func idleBookAsksForNoWakeUp() {
        let prn = Configuration(medications: [Medication(id: "ibuprofen", name: "Ibuprofen", dose: "400 mg", schedule: .asNeeded(minInterval: nil, maxPerDay: nil))])
        var h = BookHarness(prn)
        #expect(BookHarness.wakeUp(in: h.advance("08:00")) == .some(nil))
    }

    /// The next wake-up is the earliest of the next dose and the open doses' renotify, snooze end and deadline.
    @Test func wakeUpIsTheEarliestPendingWork() {
        var h = BookHarness(BookHarness.metformin(["08:00", "08:05"]), watermark: BookHarness.at("07:00"))
        #expect(BookHarness.wakeUp(in: h.advance("07:00")) == .some(BookHarness.at("08:00")))
        #expect(BookHarness.wakeUp(in: h.advance("08:00")) == .some(BookHarness.at("08:05")))
        #expect(BookHarness.wakeUp(in: h.advance("08:05")) == .some(BookHarness.at("08:15")))
    }
}
