import Foundation
import Testing
@testable import MeddCore
@testable import MeddStore

/// Refills in the ledger: kept with their amounts, restored at start-up, replayed, backed up and restored.
@Suite struct LedgerRefillTests {
    typealias F = LedgerFixture

    /// A ledger where the pill (stock 5) was taken, refilled with 30.5 and taken again: 33.5 on hand.
    static func refilledLedger() throws -> (ledger: Ledger, book: DoseBook) {
        let directory = F.directory()
        let ledger = try Ledger(directory: directory)
        var book = F.book()
        book.syncStock(now: F.start)
        try ledger.commit(F.events(book.take("pill", source: .cli, now: F.start).get().effects), state: book)
        try ledger.commit(book.refill("pill", amount: "30.5", note: "pharmacy", source: .cli, now: F.start + .minutes(3)).get().effects
                            .compactMap(\.recordedEvent), state: book)
        try ledger.commit(F.events(book.take("pill", source: .cli, now: F.start + .minutes(5)).get().effects), state: book)
        return (ledger, book)
    }

    /// Start-up restores the level with the refill in it; a full replay counts the refill again to the same
    /// level. The refill is kept exactly, with the level after it, and gives no row of the dose table.
    @Test func aRefillIsKeptAndRestored() throws {
        let (ledger, book) = try Self.refilledLedger()
        #expect(book.stock["pill"]?.level.description == "33.5")
        let refills = try ledger.allEvents().filter { $0.kind == .refilled }
        #expect(refills.map(\.refill) == [Refill(amount: Quantity(thousandths: 30_500), stock: Quantity(thousandths: 34_500))])
        #expect(refills.first?.note == "pharmacy" && refills.first?.dose.id.description == "pill_20261122_08_03")
        #expect(try ledger.outbox().map(\.event).filter { $0.kind == .refilled } == refills)
        #expect(try ledger.doseStates()[DoseID(parsing: "pill_20261122_08_03")!] == nil)
        var restored = F.book()
        try ledger.restore(into: &restored, now: F.start + .hours(1))
        #expect(restored.stock == book.stock)
        #expect(restored.records == book.records)
        var replayed = F.book()
        try ledger.replayEverything(into: &replayed)
        #expect(replayed.stock == book.stock)
    }

    /// A new `stock` in the configuration starts the count again without the refills before it: the level
    /// restored and the one replayed agree, and a refill after it counts.
    @Test func aStockChangeDropsEarlierRefillsInTheLedgerToo() throws {
        var (ledger, book) = try Self.refilledLedger()
        var restocked = F.configuration
        restocked.medications[1].stock = 10
        try ledger.commit(F.events(book.reload(restocked, now: F.start + .hours(1))), state: book)
        #expect(book.stock["pill"]?.level == 10)
        try ledger.commit(book.refill("pill", amount: "2", source: .cli, now: F.start + .hours(2)).get().effects.compactMap(\.recordedEvent),
                          state: book)
        var restored = DoseBook(configuration: restocked, localZone: F.berlin)
        try ledger.restore(into: &restored, now: F.start + .hours(3))
        var replayed = DoseBook(configuration: restocked, localZone: F.berlin)
        try ledger.replayEverything(into: &replayed)
        #expect(restored.stock == book.stock && replayed.stock == book.stock)
        #expect(book.stock["pill"]?.level == 12)
    }

    /// A backup holds the refill; restored into a fresh state directory, it gives the same level and event.
    @Test func aRefillSurvivesABackupAndARestore() throws {
        let (ledger, book) = try Self.refilledLedger()
        let path = F.directory() + "/backup.sqlite"
        let (summary, _) = try LedgerBackupTests.finish(try ledger.startBackup(to: path))
        #expect(summary.schema == LedgerSchema.currentVersion)
        let fresh = F.directory() + "/fresh/state"
        _ = try LedgerRestore.restore(from: path, into: fresh, now: F.start + .hours(1))
        let restoredLedger = try Ledger(directory: fresh)
        #expect(try restoredLedger.allEvents() == (try ledger.allEvents()))
        var restored = F.book()
        try restoredLedger.restore(into: &restored, now: F.start + .hours(1))
        #expect(restored.stock == book.stock)
        #expect(restored.stock["pill"]?.level.description == "33.5")
    }
}
