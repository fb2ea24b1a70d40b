import Foundation
import SQLite
import Testing
@testable import MeddCore
@testable import MeddStore

/// What the ledger keeps for `untracked` and for expiry: when each medication was first tracked, and
/// every expiry event however old, so neither a restart nor a crash changes either.
@Suite struct LedgerTrackingAndExpiryTests {
    typealias F = LedgerFixture

    static func configuration(expires: String) -> Configuration {
        var configuration = F.configuration
        configuration.medications[0].expires = LocalDate(parsing: expires)
        return Configuration(medications: configuration.medications)
    }

    /// A restart restores when each medication was first tracked: a dose due before stays untracked,
    /// a dose that came due while down is caught up, and a medication new to the restart starts now.
    @Test func trackingInstantsSurviveARestart() throws {
        let directory = F.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let firstStart = F.start + .hours(2)  // 10:00: the 08:00 dose was due before medd ran
        do {
            let ledger = try Ledger(directory: directory)
            var book = F.book()
            try ledger.commit(F.events(book.advance(to: firstStart)), state: book)
            #expect(book.trackedSince["metformin"] == firstStart - .minutes(1))
        }
        let ledger = try Ledger(directory: directory)
        var withNew = F.configuration
        withNew.medications.append(Medication(id: "iron", name: "Iron", dose: "1", schedule: .times([WallTime(parsing: "08:00")!], DayFilter())))
        var book = DoseBook(configuration: Configuration(medications: withNew.medications), localZone: F.berlin)
        try ledger.restore(into: &book, now: F.start + .hours(5))
        #expect(book.trackedSince == ["metformin": firstStart - .minutes(1), "pill": firstStart - .minutes(1)])
        let effects = book.advance(to: F.start + .hours(5))
        try ledger.commit(F.events(effects), state: book)
        #expect(F.events(effects).map { "\($0.kind) \($0.dose.id)" } == ["fired metformin_20261122_12_00", "escalated metformin_20261122_12_00"])
        let day = book.doses(from: F.start - .hours(8), to: F.start + .hours(16))
        let states = Dictionary(uniqueKeysWithValues: day.map { ($0.id.description, $0.state) })
        #expect(states["metformin_20261122_08_00"] == .untracked)
        #expect(states["iron_20261122_08_00"] == .untracked)
        #expect(states["metformin_20261122_12_00"] == .pending)
        var replayed = DoseBook(configuration: book.configuration, localZone: F.berlin)
        try ledger.replayEverything(into: &replayed)
        #expect(replayed.trackedSince == book.trackedSince)
        #expect(try ledger.doseStates().values.contains(.untracked) == false)
    }

    /// Expiry events are restored however old, so they are never owed again, and they leave the
    /// `dose` table alone; start-up finds them through the partial index, not a scan.
    @Test func expiryEventsAreRestoredHoweverOld() throws {
        let directory = F.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = Self.configuration(expires: "2026-11-22")
        do {
            let ledger = try Ledger(directory: directory)
            var book = DoseBook(configuration: configuration, localZone: F.berlin)
            let effects = book.advance(to: F.start)
            #expect(F.events(effects).map(\.kind).contains(.expired))
            try ledger.commit(F.events(effects), state: book)
            #expect(try ledger.doseStates().keys.map(\.description).sorted() == ["metformin_20261122_08_00"])
        }
        let ledger = try Ledger(directory: directory)
        let yearLater = F.start + .days(365)
        var book = DoseBook(configuration: configuration, localZone: F.berlin)
        try ledger.restore(into: &book, now: yearLater)
        #expect(book.expiryNotices == [DoseBook.ExpiryNotice(medication: "metformin", expires: LocalDate(parsing: "2026-11-22")!, kind: .expired)])
        #expect(F.events(book.advance(to: yearLater)).allSatisfy { !$0.kind.isExpiry })
        let plan = try ledger.explain(Ledger.expiryEventsQuery)
        #expect(plan.contains("event_expiry"), "\(plan)")
        #expect(LedgerHistoryTests.fullScans(plan).isEmpty, "\(plan)")
    }
}
