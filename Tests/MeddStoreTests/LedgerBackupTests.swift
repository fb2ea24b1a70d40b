import Foundation
import Testing
@testable import MeddCore
@testable import MeddStore

/// A backup of a ledger in use, a page per step, with answers committed between the steps.
@Suite struct LedgerBackupTests {
    typealias F = LedgerFixture

    /// A ledger in use: its book, and the minute of the next answer.
    final class Running {
        let directory = F.directory()
        let ledger: Ledger
        var book = F.book()
        var minute: Int64 = 0

        init(answers: Int) throws {
            ledger = try Ledger(directory: directory)
            try answer(answers)
        }

        /// Takes `count` as-needed doses a minute apart, each in a commit of its own, as the daemon
        /// commits answers; each carries a note, so the ledger grows by pages.
        func answer(_ count: Int = 1) throws {
            for _ in 0..<count {
                let now = F.start + .minutes(minute)
                let note = "answer \(minute) " + String(repeating: "n", count: 300)
                try ledger.commit(F.events(book.take("pill", note: note, source: .cli, now: now).get().effects), state: book)
                minute += 1
            }
        }

        var backupPath: String { directory + "/backup-\(UUID().uuidString).sqlite" }
    }

    /// Steps `backup` a page at a time until it is finished, calling `between` with the step number
    /// after every step that leaves pages; returns the summary and the number of steps.
    static func finish(_ backup: any LedgerBackup, between: (Int) throws -> Void = { _ in }) throws -> (LedgerBackupSummary, Int) {
        var steps = 0
        while true {
            steps += 1
            switch try backup.step(pages: 1) {
            case .finished(let summary): return (summary, steps)
            case .copying: try between(steps)
            case .busy: Issue.record("an unexpected busy step")
            }
            if steps > 100_000 { throw LedgerError(.io, "the backup never finished") }
        }
    }

    /// The events of a backup file, read by a ledger of its own.
    static func events(in path: String) throws -> [DoseEvent] {
        let directory = F.directory()
        try FileManager.default.copyItem(atPath: path, toPath: directory + "/" + Ledger.fileName)
        return try Ledger(directory: directory).allEvents()
    }

    @Test func aBackupSteppedWhileAnswersAreCommittedHoldsEveryCommit() throws {
        let running = try Running(answers: 200)
        let path = running.backupPath
        let backup = try running.ledger.startBackup(to: path)
        let (summary, steps) = try Self.finish(backup) { _ in try running.answer() }
        #expect(steps > 20, "the copy took only \(steps) steps")
        let events = try running.ledger.allEvents()
        #expect(try Self.events(in: path) == events)
        #expect(summary.events == events.count)
        #expect(events.count > 200 + steps - 2, "an answer was not committed between two steps")
        #expect(summary.doses == (try running.ledger.doseStates().count))
        #expect(summary.path == path)
        #expect(summary.schema == LedgerSchema.currentVersion)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.size] as? Int == summary.bytes)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    /// The checkpointer's own connection copying the log into the database file in the middle of a
    /// backup (and the log starting over at the next commit) leaves a complete copy.
    @Test func aCheckpointDuringABackupIsSurvived() throws {
        let running = try Running(answers: 200)
        let path = running.backupPath
        let backup = try running.ledger.startBackup(to: path)
        let (_, _) = try Self.finish(backup) { step in
            try running.answer()
            guard step == 5 else { return }
            running.ledger.checkpointer.start()
            for _ in 0..<400 where running.ledger.checkpointer.progress != (1, false) { usleep(5_000) }
            #expect(running.ledger.checkpointer.progress == (1, false), "the checkpoint did not finish")
        }
        #expect(try Self.events(in: path) == (try running.ledger.allEvents()))
    }

    @Test func twoBackupsAtOnceEachHoldEveryCommitMadeBeforeTheyFinished() throws {
        let running = try Running(answers: 100)
        let first = running.backupPath
        let second = running.backupPath
        let one = try running.ledger.startBackup(to: first)
        try running.answer(3)
        let other = try running.ledger.startBackup(to: second)
        var finishedFirst: [DoseEvent]?
        var done = (false, false)
        while !(done.0 && done.1) {
            if !done.0, case .finished = try one.step(pages: 2) {
                done.0 = true
                finishedFirst = try running.ledger.allEvents()
            }
            if !done.1, case .finished = try other.step(pages: 1) { done.1 = true }
            try running.answer()
        }
        #expect(try Self.events(in: first) == finishedFirst)
        #expect(try Self.events(in: second).count > (finishedFirst?.count ?? 0))
    }

    @Test func anAbandonedBackupLeavesNoFile() throws {
        let running = try Running(answers: 50)
        let path = running.backupPath
        let backup = try running.ledger.startBackup(to: path)
        _ = try backup.step(pages: 1)
        backup.abandon()
        #expect(!FileManager.default.fileExists(atPath: path))
        try running.answer()
    }

    @Test func aBackupNeverReplacesAFile() throws {
        let running = try Running(answers: 1)
        let path = running.backupPath
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: LedgerError.self) { try running.ledger.startBackup(to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }
}
