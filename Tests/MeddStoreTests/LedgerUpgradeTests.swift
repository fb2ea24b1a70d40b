import Foundation
import SQLite
import Testing
@testable import MeddCore
@testable import MeddStore

/// Ledgers written by earlier medd versions open as they are and keep every answer.
@Suite struct LedgerUpgradeTests {
    typealias F = LedgerFixture

    /// A copy of `Fixtures/<name>` in a new state directory.
    static func copy(_ name: String) throws -> String {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        let directory = F.directory()
        try FileManager.default.copyItem(atPath: fixture.path, toPath: directory + "/" + Ledger.fileName)
        return directory
    }

    /// Written by medd when it kept the ledger through GRDB (commit d1c5e68): three fires, one taken with
    /// a note, one skipped with a reason.
    @Test func ledgerWrittenThroughGRDBOpensWithEveryAnswer() throws {
        let directory = try Self.copy("ledger-written-through-grdb.sqlite")
        let ledger = try Ledger(directory: directory)
        let events = try ledger.allEvents()
        #expect(events.map(\.kind) == [.fired, .fired, .fired, .taken, .skipped])
        #expect(events[3].dose.id.description == "metformin_20261123_08_00")
        #expect(events[3].note == "written by medd 0.5.0")
        #expect(events[4].reason == "test")
        #expect(try ledger.doseStates()[DoseID(parsing: "metformin_20261123_08_00")!] == .taken)
        #expect(try ledger.integrityCheck() == "ok")
        #expect(try ledger.outbox().isEmpty)

        var book = F.book()
        try ledger.commit(F.events(book.advance(to: F.start)), state: book)
        #expect(try ledger.allEvents().count > events.count)
    }

    /// A ledger at the first schema (as GRDB's migrator left it before the history indexes) gets the
    /// second migration and its entry, and keeps its events.
    @Test func ledgerAtTheFirstSchemaIsMigrated() throws {
        let directory = try Self.copy("ledger-written-through-grdb.sqlite")
        let path = directory + "/" + Ledger.fileName
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute("""
                DROP INDEX dose_open; DROP INDEX event_at; DROP INDEX event_medication_kind_at;
                DELETE FROM grdb_migrations WHERE identifier = 'v2: history indexes'
                """)
        }
        let ledger = try Ledger(directory: directory)
        #expect(try ledger.allEvents().count == 5)
        #expect(try ledger.explain("SELECT id FROM dose WHERE final_seq IS NULL").contains("dose_open"))
        let connection = try SQLiteConnection(path: path)
        var applied: [String] = []
        try connection.forEachRow("SELECT identifier FROM grdb_migrations ORDER BY identifier") { applied.append($0.text(0)) }
        #expect(applied == ["v1", "v2: history indexes", "v3: tracking and expiry", "v4: stock in thousandths", "v5: durable hooks",
                            "v6: replaced answers", "v7: readings", "v8: history pages", "v9: refills"])
    }

    /// A ledger from before tracking counts each medication as tracked from its earliest dose with an
    /// event: the doses it answered keep their states, older ones are untracked, none is owed again.
    @Test func ledgerFromBeforeTrackingTracksFromTheEarliestRecordedDose() throws {
        let directory = try Self.copy("ledger-written-through-grdb.sqlite")
        let ledger = try Ledger(directory: directory)
        let events = try ledger.allEvents()
        let earliestPerMedication = Dictionary(events.map { ($0.dose.medication, $0.dose.scheduled) }, uniquingKeysWith: min)
        #expect(earliestPerMedication.count == 3)
        let earliest = try #require(earliestPerMedication["metformin"])
        var book = F.book()
        try ledger.restore(into: &book, now: earliest + .days(1))
        #expect(book.trackedSince == earliestPerMedication)
        var replayed = F.book()
        try ledger.replayEverything(into: &replayed)
        #expect(replayed.trackedSince == book.trackedSince)
        let dueBefore = try #require(book.planner.doses(from: earliest - .days(1), to: earliest, medication: "metformin").last)
        #expect(book.record(of: dueBefore).state == .untracked)
    }
}
