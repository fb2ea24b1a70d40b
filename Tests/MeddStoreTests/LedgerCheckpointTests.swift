import Foundation
import Testing
@testable import MeddCore
@testable import MeddStore

/// WAL checkpoints run every `commitsPerCheckpoint` commits, when the daemon asks, on a thread that
/// ends with them; until then the database file itself is not written.
@Suite(.serialized) struct LedgerCheckpointTests {
    typealias F = LedgerFixture

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// `count` commits, a minute of the book's time apart; each writes the book's state rows, and
    /// some carry fired events.
    static func commit(_ count: Int, to ledger: Ledger, book: inout DoseBook, from start: Instant) throws {
        for minute in 0..<count {
            try ledger.commit(F.events(book.advance(to: start + .minutes(Int64(minute)))), state: book)
        }
    }

    static func waitForCheckpoints(_ count: Int, of ledger: Ledger) async throws {
        for _ in 0..<200 where ledger.checkpointer.progress != (count, false) {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(ledger.checkpointer.progress == (count, false), "the checkpoint did not finish")
    }

    @Test func checkpointRunsOnlyWhenDueAndWritesTheDatabaseFile() async throws {
        let directory = F.directory()
        let ledger = try Ledger(directory: directory)
        let database = directory + "/" + Ledger.fileName
        var book = F.book()
        try Self.commit(Ledger.commitsPerCheckpoint - 1, to: ledger, book: &book, from: F.start)
        let before = Self.fileSize(database)
        ledger.checkpointIfDue()
        #expect(ledger.checkpointer.progress == (0, false), "a checkpoint started before 250 commits")
        #expect(Self.fileSize(database) == before)

        try Self.commit(1, to: ledger, book: &book, from: F.start + .hours(1))
        ledger.checkpointIfDue()
        try await Self.waitForCheckpoints(1, of: ledger)
        #expect(Self.fileSize(database) > before, "the database file was not written back from the WAL")
        #expect(try ledger.integrityCheck() == "ok")
    }

    /// A ledger moved aside while medd runs (as the message about a damaged one says to) is not
    /// created again, empty, by the next checkpoint.
    @Test func checkpointNeverCreatesAMissingLedger() async throws {
        let directory = F.directory()
        let ledger = try Ledger(directory: directory)
        var book = F.book()
        try Self.commit(Ledger.commitsPerCheckpoint, to: ledger, book: &book, from: F.start)
        let database = directory + "/" + Ledger.fileName
        try FileManager.default.moveItem(atPath: database, toPath: database + ".broken")
        ledger.checkpointIfDue()
        try await Self.waitForCheckpoints(1, of: ledger)
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
