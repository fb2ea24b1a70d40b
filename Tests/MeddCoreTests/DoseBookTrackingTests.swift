import Testing
@testable import MeddCore

/// `untracked`: doses due before medd tracked their medication never alert, are never missed and are
/// not counted, through restarts, reloads and zone changes.
@Suite struct DoseBookTrackingTests {
    static let today = (from: BookHarness.at("00:00"), to: BookHarness.at("2026-11-23T00:00:00+01:00"))

    static func states(_ book: DoseBook) -> [String: DoseState] {
        Dictionary(uniqueKeysWithValues: book.doses(from: today.from, to: today.to).map { ($0.id.description, $0.state) })
    }

    static func hourly(_ times: [String]) -> Configuration {
        BookHarness.metformin(times)
    }

    /// A book that restarts from what a ledger would have saved after `book`'s events.
    static func restarted(_ book: DoseBook, events: [DoseEvent], configuration: Configuration? = nil) -> DoseBook {
        var restarted = DoseBook(configuration: configuration ?? book.configuration, localZone: book.localZone)
        restarted.restore(SavedBook(watermark: book.watermark, stock: book.stock, snoozes: book.snoozes,
                                    events: events.filter { !$0.kind.isExpiry }, heldFrom: Instant(usec: .min),
                                    trackedSince: book.trackedSince, expiryEvents: events.filter(\.kind.isExpiry)))
        return restarted
    }

    /// First start mid-day: the doses due before it are untracked and record nothing (no catch-up,
    /// no missed), a dose due less than a minute before fires as on time, later doses are planned.
    @Test func firstStartLeavesEarlierDosesUntracked() {
        var h = BookHarness(Self.hourly(["07:00", "09:00", "10:28", "10:29", "12:00"]))
        let effects = h.advance("10:30")
        #expect(h.events(.fired).map(\.dose.id.description) == ["metformin_20261122_10_29"])
        #expect(effects.compactMap(\.recordedEvent).count == 1)
        #expect(h.book.trackedSince["metformin"] == BookHarness.at("10:29"))
        #expect(Self.states(h.book) == ["metformin_20261122_07_00": .untracked, "metformin_20261122_09_00": .untracked,
                                        "metformin_20261122_10_28": .untracked, "metformin_20261122_10_29": .pending,
                                        "metformin_20261122_12_00": .planned])
    }

    /// Hours later, past every grace period, untracked doses are still untracked: nothing marks them missed.
    @Test func untrackedDosesNeverBecomeMissed() {
        var h = BookHarness(Self.hourly(["07:00", "12:00"]))
        h.advance("09:00")
        h.advance("13:00")
        h.advance("16:00")
        #expect(h.events(.missed).map(\.dose.id.description) == ["metformin_20261122_12_00"])
        #expect(Self.states(h.book)["metformin_20261122_07_00"] == .untracked)
    }

    /// A restart keeps the tracking instant: an untracked dose stays untracked (not missed), a missed
    /// one stays missed (not untracked), and a tracked dose that came due while down is caught up.
    @Test func restartKeepsUntrackedAndMissedApart() {
        var h = BookHarness(Self.hourly(["07:00", "09:00", "13:00"]))
        h.advance("08:00")
        h.advance("09:00")
        h.advance("11:30")
        #expect(h.state("metformin_20261122_09_00") == .missed)
        var book = Self.restarted(h.book, events: h.effects.compactMap(\.recordedEvent))
        let effects = book.advance(to: BookHarness.at("13:30"))
        #expect(effects.compactMap(\.recordedEvent).map { "\($0.kind) \($0.dose.id)" } == ["fired metformin_20261122_13_00",
                                                                                             "escalated metformin_20261122_13_00"])
        #expect(Self.states(book) == ["metformin_20261122_07_00": .untracked, "metformin_20261122_09_00": .missed,
                                      "metformin_20261122_13_00": .pending])
    }

    /// A medication added while medd was down is tracked from the restart: its doses due while down
    /// are untracked, where a known medication's are caught up or missed.
    @Test func medicationAddedWhileDownIsTrackedFromTheRestart() {
        var h = BookHarness(Self.hourly(["08:00"]))
        h.advance("07:00")
        var withNew = Self.hourly(["08:00"])
        withNew.medications.append(Medication(id: "iron", name: "Iron", dose: "1", schedule: .times([WallTime(parsing: "08:00")!], DayFilter())))
        var book = Self.restarted(h.book, events: h.effects.compactMap(\.recordedEvent), configuration: withNew)
        let effects = book.advance(to: BookHarness.at("08:30"))
        #expect(effects.compactMap(\.recordedEvent).map { "\($0.kind) \($0.dose.id)" } == ["fired metformin_20261122_08_00",
                                                                                             "escalated metformin_20261122_08_00"])
        #expect(Self.states(book)["iron_20261122_08_00"] == .untracked)
        #expect(book.trackedSince["iron"] == BookHarness.at("08:29"))
        #expect(book.trackedSince["metformin"] == BookHarness.at("06:59"))
    }

    /// A reload or a zone change reconsiders doses that appeared before the watermark, but never an
    /// untracked one, even within grace.
    @Test func reloadAndZoneChangeLeaveUntrackedDosesAlone() {
        var h = BookHarness(Self.hourly(["08:00"]))
        h.advance("08:30")
        h.effects += h.book.reload(Self.hourly(["08:00", "20:00"]), now: BookHarness.at("08:40"))
        h.effects += h.book.changeLocalZone(to: BookHarness.berlin, now: BookHarness.at("08:50"))
        #expect(h.effects.compactMap(\.recordedEvent).isEmpty)
        #expect(Self.states(h.book)["metformin_20261122_08_00"] == .untracked)
    }

    /// An untracked dose can still be answered: taken, it counts like any answered dose; it cannot be snoozed.
    @Test func untrackedDoseCanBeTakenButNotSnoozed() throws {
        var h = BookHarness(Self.hourly(["08:00"]))
        h.advance("09:00")
        guard case .failure(.invalidParameter(let text)) = h.snooze("metformin_20261122_08_00", "09:01") else {
            Issue.record("snoozing an untracked dose was not refused")
            return
        }
        #expect(text.contains("due before medd tracked metformin"))
        let outcome = try h.take("metformin", "09:02", at: "08:05").get()
        #expect(outcome.record.id.description == "metformin_20261122_08_00")
        #expect(h.state("metformin_20261122_08_00") == .taken)
        #expect(Adherence.report(h.effects.compactMap(\.recordedEvent)).total == AdherenceCounts(onTime: 1))
    }

    /// Adherence over a day begun mid-way counts the tracked doses only: the untracked ones are in no tally.
    @Test func adherenceLeavesUntrackedDosesOut() {
        var h = BookHarness(Self.hourly(["06:00", "07:00", "10:00", "12:00"]))
        h.advance("09:00")
        h.advance("10:00")
        h.take("metformin_20261122_10_00", "10:05")
        h.advance("12:00")
        h.advance("15:00")
        let report = Adherence.report(h.effects.compactMap(\.recordedEvent))
        #expect(report.total == AdherenceCounts(onTime: 1, missed: 1))
        #expect(Self.states(h.book).values.filter { $0 == .untracked }.count == 2)
    }

    /// A book made with a watermark (one that ran until then) tracks its medications from the watermark.
    @Test func watermarkGivesTheTrackingInstant() {
        let h = BookHarness(Self.hourly(["08:00"]), watermark: BookHarness.at("07:00"))
        #expect(h.book.trackedSince == ["metformin": BookHarness.at("07:00")])
        #expect(h.book.isTracked(h.book.planner.doses(from: Self.today.from, to: Self.today.to)[0]))
    }
}
