import Testing
@testable import MeddCore
import MeddTestSupport

/// Escalation to critical, and reminders shown again when the person returns to the screen.
@Suite struct DoseBookAlertingTests {
    let dose = "metformin_20261122_08_00"

    static func settings(renotify: TimeSpan = .hours(1), escalateAfter: TimeSpan = .minutes(20)) -> Settings {
        var settings = Settings()
        settings.renotify = renotify
        settings.alert.escalateAfter = escalateAfter
        return settings
    }

    /// A medication with `remind = false` fires (recorded) and is missed after grace like any other, but nothing
    /// ever shows it: no alert when due, no renotify nor escalation (no wake-up for them either), no re-alert when
    /// the person returns, and it is not among the doses a notification server is shown.
    @Test func aDoseWithoutReminderIsRecordedButNeverAlerted() {
        var configuration = BookHarness.metformin(["08:00"], settings: Self.settings(renotify: .minutes(15)))
        configuration.medications[0].remind = false
        var h = BookHarness(configuration, watermark: BookHarness.at("07:00"))
        let fired = h.advance("08:00")
        #expect(h.events(.fired, dose).count == 1)
        #expect(BookHarness.wakeUp(in: fired) == .some(BookHarness.at("10:00")), "only grace's end wakes the book")
        h.advance("08:15")
        h.advance("08:40")
        h.returned(.unlocked, "09:00")
        #expect(h.book.shownPendingDoses.isEmpty)
        #expect(h.book.records[DoseID(parsing: dose)!]?.state == .pending)
        h.advance("10:00")
        #expect(h.events(.missed, dose).count == 1)
        #expect(h.events(.renotified, dose).isEmpty)
        #expect(h.events(.escalated, dose).isEmpty)
        #expect(h.alerts(dose).isEmpty)
    }

    /// `escalate_after` past due, a pending dose escalates once: an `escalated` event and a critical re-alert;
    /// the book wakes for it, and renotify counts on from it.
    @Test func aPendingDoseEscalatesOnceAtItsInstant() {
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: Self.settings(renotify: .minutes(15))), watermark: BookHarness.at("07:00"))
        let fired = h.advance("08:00")
        #expect(BookHarness.wakeUp(in: fired) == .some(BookHarness.at("08:15")))
        let renotified = h.advance("08:15")
        #expect(BookHarness.wakeUp(in: renotified) == .some(BookHarness.at("08:20")))
        h.advance("08:20")
        let escalations = h.events(.escalated, dose)
        #expect(escalations.map(\.at) == [BookHarness.at("08:20")])
        #expect(escalations.first?.reason == "not answered within 20m")
        #expect(h.alerts(dose).map(\.kind) == [.fired, .renotified, .escalated])
        #expect(h.book.configuration.urgency(of: escalations[0]) == .critical)
        #expect(h.book.configuration.urgency(of: h.events(.renotified, dose)[0]) == .normal)
        let after = h.advance("08:21")
        #expect(BookHarness.wakeUp(in: after) == .some(BookHarness.at("08:35")))
        h.advance("08:50")
        #expect(h.events(.escalated, dose).count == 1)
        #expect(h.book.configuration.urgency(of: h.events(.renotified, dose).last!) == .critical)
    }

    /// An alarm is critical from its first alert and never escalates; "0" never escalates either.
    @Test func alarmsAndZeroNeverEscalate() {
        var alarm = BookHarness.metformin(["08:00"], settings: Self.settings())
        alarm.medications[0].alert.level = .alarm
        var h = BookHarness(alarm, watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.advance("09:30")
        #expect(h.events(.escalated).isEmpty)
        #expect(h.book.configuration.urgency(of: h.events(.fired, dose)[0]) == .critical)

        var never = BookHarness.metformin(["08:00"], settings: Self.settings())
        never.medications[0].alert.escalateAfter = .zero
        var n = BookHarness(never, watermark: BookHarness.at("07:00"))
        n.advance("08:00")
        n.advance("09:30")
        #expect(n.events(.escalated).isEmpty)
    }

    /// A snoozed dose is left in peace past its escalation instant; the re-alert at its snooze's end is critical
    /// and records the escalation then (no second alert). A catch-up fired past the instant likewise: a hook for
    /// `escalated` hears of every dose left that long.
    @Test func snoozeEndsAndCatchUpsPastTheInstantRecordTheEscalation() throws {
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: Self.settings()), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = try h.snooze(dose, "08:05", minutes: 30).get()
        h.advance("08:20")
        #expect(h.events(.escalated).isEmpty)
        let ended = h.advance("08:35")
        #expect(ended.compactMap(\.recordedEvent).map(\.kind) == [.renotified, .escalated])
        #expect(h.alerts(dose).map(\.kind) == [.fired, .renotified])
        h.advance("08:40")
        #expect(h.events(.escalated).count == 1)
        #expect(h.book.configuration.urgency(of: h.events(.renotified, dose)[0]) == .critical)

        var late = BookHarness(BookHarness.metformin(["08:00"], settings: Self.settings()), watermark: BookHarness.at("07:00"))
        let caughtUp = late.advance("08:30")
        #expect(caughtUp.compactMap(\.recordedEvent).map(\.kind) == [.fired, .escalated])
        late.advance("08:31")
        #expect(late.events(.escalated).count == 1)
        #expect(late.book.configuration.urgency(of: late.events(.fired, dose)[0]) == .critical)
    }

    /// A dose escalates once whatever comes later: a reload that moves escalate_after past the escalation,
    /// or a restart that rebuilds the record from its events.
    @Test func aDoseEscalatesOnceAcrossReloadsAndRestarts() {
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: Self.settings(escalateAfter: .minutes(30))),
                            watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.advance("08:30")
        #expect(h.events(.escalated).count == 1)
        let longer = BookHarness.metformin(["08:00"], settings: Self.settings(escalateAfter: .minutes(60))).withZonesLoaded()
        _ = h.book.reload(longer, now: BookHarness.at("08:50"))
        h.advance("09:05")
        #expect(h.events(.escalated).count == 1)
        let records = DoseRecord.folding(h.effects.compactMap(\.recordedEvent))
        #expect(records.first { $0.id.description == dose }?.escalated == true)
    }

    /// Without escalate_after in [settings] a reminder escalates at 30m, or at half of a shorter grace, so it
    /// always escalates before the dose is missed.
    @Test func theDefaultEscalationComesBeforeGrace() {
        #expect(Settings.defaultEscalateAfter(grace: .hours(2)) == .minutes(30))
        #expect(Settings.defaultEscalateAfter(grace: .minutes(20)) == .minutes(10))
        #expect(Settings.defaultEscalateAfter(grace: .minutes(3)) == .minutes(1))
        #expect(Settings.defaultEscalateAfter(grace: .minutes(1)) == .zero)
    }

    /// A return re-alerts every pending dose once, with the return as its reason, replacing its notification;
    /// not a dose alerted in the last ten seconds, not a snoozed one, and nothing when no dose is open.
    @Test func aReturnShowsPendingDosesAgain() throws {
        var h = BookHarness(BookHarness.metformin(["08:00", "08:05"], settings: Self.settings()), watermark: BookHarness.at("07:00"))
        #expect(h.returned(.unlocked, "07:30").compactMap(\.recordedEvent).isEmpty)
        h.advance("08:00")
        h.advance("08:05")
        let first = h.returned(.unlocked, "2026-11-22T08:05:09+01:00")
        #expect(first.compactMap(\.recordedEvent).map(\.dose.id.description) == [dose], "08:05 fired 9 s ago")
        #expect(h.events(.renotified, dose).map(\.reason) == ["screen unlocked"])
        #expect(h.alerts(dose).last?.isReturn == true)
        let again = h.returned(.screensaverEnded, "2026-11-22T08:05:10+01:00")
        #expect(again.compactMap(\.recordedEvent).map(\.dose.id.description) == ["metformin_20261122_08_05"],
                "the same unlock through the screensaver shows only what was not just shown")
        if case .wakeUp(let next)? = again.last { #expect(next == BookHarness.at("08:20")) } else { Issue.record("no wake-up last") }
        _ = try h.snooze(dose, "08:06", minutes: 30).get()
        let resumed = h.returned(.resumed, "08:10")
        #expect(resumed.compactMap(\.recordedEvent).map(\.reason) == ["resumed from sleep"])
        #expect(resumed.compactMap(\.recordedEvent).map(\.dose.id.description) == ["metformin_20261122_08_05"])
    }

    /// A resume first brings the book up to date: a dose that came due during the sleep fires, once.
    @Test func aResumeFiresWhatCameDueFirst() {
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: Self.settings()), watermark: BookHarness.at("07:00"))
        let effects = h.returned(.resumed, "08:03")
        #expect(effects.compactMap(\.recordedEvent).map(\.kind) == [.fired])
    }

    /// Every alert entry carries MEDD_URGENCY; other entries do not.
    @Test func alertEntriesCarryTheirUrgency() {
        var h = BookHarness(BookHarness.metformin(["08:00"], settings: Self.settings()), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = h.take(dose, "08:01")
        let configuration = h.book.configuration
        let fired = configuration.journalFields(of: h.events(.fired, dose)[0])
        #expect(fired.first { $0.0 == "MEDD_URGENCY" }?.1 == "normal")
        #expect(!configuration.journalFields(of: h.events(.taken, dose)[0]).contains { $0.0 == "MEDD_URGENCY" })
    }
}
