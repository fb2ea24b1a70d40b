import Foundation
import SQLite
import Testing
@testable import MeddCore
@testable import MeddStore

/// Start-up reads the horizon, not the history: the cases a random script rarely reaches.
@Suite struct LedgerHistoryTests {
    typealias F = LedgerFixture

    /// A dose whose snooze slot was taken by a dose the restored book does not hold comes back
    /// pending, as a full replay has it: the saved snooze slots say who holds each.
    @Test func aSnoozeTakenOverByAForgottenDoseIsRestoredPending() throws {
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
        #expect(restored.records[try #require(DoseID(parsing: "metformin_20261123_08_00"))] == nil, "the displacing dose must be left in the ledger")
        #expect(restored.records[displaced] == replayed.records[displaced])
        #expect(restored.snoozes == replayed.snoozes)
        #expect(restored.open == replayed.open)
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
