import Foundation
import SQLite
import Testing
@testable import MeddCore
@testable import MeddStore

/// Start-up reads the horizon, not the history: the cases a random script rarely reaches.
@Suite struct LedgerHistoryTests {
    typealias F = LedgerFixture

    /// A dose whose snooze slot was taken by a later dose comes back pending after a long downtime, as a
    /// full replay has it: the restore reaches back to the watermark, so it holds the later dose too (and
    /// the saved snooze slots would tell who holds each if it did not).
    @Test func aSnoozeTakenOverBeforeALongDowntimeIsRestoredPending() throws {
        let directory = F.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try Ledger(directory: directory)
        var book = F.book()
        book.syncStock(now: F.start)
        func commit(_ effects: [DoseBook.Effect]) throws { try ledger.commit(F.events(effects), state: book) }
        try commit(book.advance(to: F.start))
        try commit(try book.snooze("metformin_20261122_08_00", length: .hours(24), source: .cli, now: F.start + .minutes(1)).get().effects)
        let nextDay = F.start + .days(1)
        try commit(book.advance(to: nextDay))
        try commit(try book.snooze("metformin_20261123_08_00", length: .minutes(10), source: .cli, now: nextDay + .minutes(1)).get().effects)
        try commit(try book.take("metformin_20261123_08_00", at: nextDay, source: .cli, now: nextDay + .minutes(2)).get().effects)
        let displaced = try #require(DoseID(parsing: "metformin_20261122_08_00"))
        #expect(book.records[displaced]?.state == .pending)

        // medd was down for over two weeks: nothing advanced, the displaced dose is still open.
        let restart = nextDay + .days(17)
        var restored = F.book()
        try ledger.restore(into: &restored, now: restart)
        var replayed = F.book()
        try ledger.replayEverything(into: &replayed)
        #expect(restored.records[try #require(DoseID(parsing: "metformin_20261123_08_00"))]?.state == .taken,
                "the restore must hold the doses since the watermark")
        #expect(restored.records[displaced] == replayed.records[displaced])
        #expect(restored.snoozes == replayed.snoozes)
        #expect(restored.open == replayed.open)
    }

    /// A dose skipped ahead of time, then medd down for longer than the horizon: start-up holds the
    /// history from the watermark, so the skipped dose stays skipped while every other one is missed.
    @Test func aDoseSkippedAheadStaysSkippedAfterADowntimeLongerThanTheHorizon() throws {
        let directory = F.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try Ledger(directory: directory)
        var book = F.book()
        book.syncStock(now: F.start)
        try ledger.commit(F.events(book.advance(to: F.start)), state: book)
        try ledger.commit(F.events(try book.take("metformin_20261122_08_00", source: .cli, now: F.start).get().effects), state: book)
        let skipped = try #require(DoseID(parsing: "metformin_20261123_08_00"))
        try ledger.commit(F.events(try book.skip(skipped.description, source: .cli, now: F.start + .minutes(1)).get().effects), state: book)

        let restart = F.start + .days(20)
        var restored = F.book()
        try ledger.restore(into: &restored, now: restart)
        let needed = DoseBook.historyNeeded(at: restart, settings: restored.settings, watermark: restored.watermark)
        restored.remember(try ledger.records(restored.historyRequest(coveringFrom: needed)), heldFrom: needed)
        let events = F.events(restored.advance(to: restart))
        #expect(!events.contains { $0.dose.id == skipped }, "\(events.filter { $0.dose.id == skipped })")
        #expect(restored.records[skipped]?.state == .skipped)
        // 12:00 and 20:00 on the 22nd and the 23rd, three a day from the 24th to 11 December; 08:00 on the 12th fires.
        #expect(events.filter { $0.kind == .missed }.count == 2 + 2 + 18 * 3)
        #expect(events.filter { $0.kind == .fired }.map(\.dose.id.description) == ["metformin_20261212_08_00"])
    }

    /// Start-up reads through indexes only: no query of the restore scans a table.
    @Test func restoreAndHistoryQueriesUseIndexes() throws {
        let directory = F.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try Ledger(directory: directory)
        let plan = try ledger.explain(Ledger.heldEventsQuery, [.integer(F.start.usec), .integer(F.start.usec)])
        #expect(plan.contains("dose_open"), "\(plan)")
        #expect(plan.contains("dose_scheduled"), "\(plan)")
        #expect(plan.contains("event_at"), "\(plan)")
        #expect(plan.contains("event_dose"), "\(plan)")
        #expect(Self.fullScans(plan).isEmpty, "\(plan)")
        let span = HistoryRequest.Span(medication: "pill", from: F.start, to: F.start + .days(1))
        let request = HistoryRequest(doses: [try #require(DoseID(parsing: "pill_20261122_08_00"))], due: [span], taken: [span], touched: [span])
        let (sql, values) = Ledger.recordsQuery(request)
        let history = try ledger.explain(sql, values)
        #expect(history.contains("event_medication_kind_at"), "\(history)")
        #expect(Self.fullScans(history).isEmpty, "\(history)")
    }

    /// Lines of a query plan that read a whole table (`SCAN dose`, `SCAN e`), not an index.
    static func fullScans(_ plan: String) -> [Substring] {
        plan.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            return words.first == "SCAN" && words.count == 2 && ["dose", "event", "e", "d"].contains(words[1])
        }
    }
}
