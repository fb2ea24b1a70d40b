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

    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// `count` commits, a minute of the book's time apart; each writes the book's state rows, and
    /// some carry fired events.
    static func commit(_ count: Int, to ledger: Ledger, book: inout DoseBook, from start: Instant) throws {
        for minute in 0..<count {
            try ledger.commit(F.events(book.advance(to: start + .minutes(Int64(minute)))), state: book)
        }
    }

    @Test func checkpointRunsOnlyWhenDueAndWritesTheDatabaseFile() async throws {
        let directory = F.directory()
        let ledger = try Ledger(directory: directory)
        let database = directory + "/" + Ledger.fileName
        var book = F.book()
        try Self.commit(Ledger.commitsPerCheckpoint - 1, to: ledger, book: &book, from: F.start)
        let before = Self.fileSize(database)
        ledger.checkpointIfDue()
        try await Task.sleep(for: .milliseconds(300))
        #expect(Self.fileSize(database) == before, "a checkpoint ran before 250 commits")

        let threads = Self.threadCount()
        try Self.commit(1, to: ledger, book: &book, from: F.start + .hours(1))
        ledger.checkpointIfDue()
        var after = before
        for _ in 0..<100 where after == before {
            try await Task.sleep(for: .milliseconds(50))
            after = Self.fileSize(database)
        }
        #expect(after > before, "the database file was not written back from the WAL")
        var threadsAfter = Self.threadCount()
        for _ in 0..<100 where threadsAfter > threads {
            try await Task.sleep(for: .milliseconds(50))
            threadsAfter = Self.threadCount()
        }
        #expect(threadsAfter <= threads, "the checkpoint thread did not end")
        #expect(try ledger.integrityCheck() == "ok")
    }
}
