import Foundation
import SQLite
import Testing
@testable import MeddCore
@testable import MeddStore

/// `medd --restore`: a checked backup replaces the ledger, keeping the old one whole; anything
/// else is refused with its own code and leaves the ledger in place byte for byte.
@Suite struct LedgerRestoreTests {
    typealias F = LedgerFixture
    typealias Running = LedgerBackupTests.Running

    static let now = Instant(seconds: 1_795_400_000)  // 2026-11-23T02:13:20Z

    /// A complete backup of a ledger with `answers` answers, and that ledger's events.
    static func backup(answers: Int) throws -> (path: String, events: [DoseEvent]) {
        let running = try Running(answers: answers)
        let path = F.directory() + "/backup.sqlite"
        _ = try LedgerBackupTests.finish(try running.ledger.startBackup(to: path))
        return (path, try running.ledger.allEvents())
    }

    /// A state directory as a crash leaves it: a ledger whose last answers are only in its
    /// write-ahead log (copied while the ledger was open, as SIGKILL would leave them).
    static func crashedState(answers: Int) throws -> (directory: String, events: [DoseEvent]) {
        let running = try Running(answers: answers)
        let directory = F.directory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: running.directory + "/" + Ledger.fileName + suffix,
                                             toPath: directory + "/" + Ledger.fileName + suffix)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/ledger.sqlite-wal")).count > 0)
        return (directory, try running.ledger.allEvents())
    }

    /// Every file in `directory` but the lock, with its bytes.
    static func contents(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name != "ledger.lock" {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    static func events(ofLedgerIn directory: String) throws -> [DoseEvent] {
        try Ledger(directory: directory).allEvents()
    }

    @Test func aBackupBecomesTheLedgerOfAnEmptyStateDirectory() throws {
        let (backup, events) = try Self.backup(answers: 30)
        let directory = F.directory() + "/new/state"
        let outcome = try LedgerRestore.restore(from: backup, into: directory, now: Self.now)
        #expect(outcome.replaced == nil)
        #expect(outcome.ledger == directory + "/ledger.sqlite")
        #expect(outcome.report == LedgerFileCheck.Report(events: events.count, doses: 30, schema: LedgerSchema.currentVersion))
        #expect(try Self.events(ofLedgerIn: directory) == events)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == ["ledger.sqlite", "ledger.lock"])
    }

    /// The ledger replaced keeps what only its log held, in the one file: read alone, without a
    /// `-wal`, it has every answer. No `-wal` or `-shm` of it is left beside the new ledger.
    @Test func theReplacedLedgerIsKeptWithWhatItsLogHeld() throws {
        let (backup, restored) = try Self.backup(answers: 10)
        let (directory, old) = try Self.crashedState(answers: 40)
        let outcome = try LedgerRestore.restore(from: backup, into: directory, now: Self.now)
        let replaced = try #require(outcome.replaced)
        #expect(replaced == directory + "/ledger.sqlite.replaced-20261123T021320Z")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory))
                == ["ledger.sqlite", "ledger.lock", "ledger.sqlite.replaced-20261123T021320Z"])
        let alone = F.directory()
        try FileManager.default.copyItem(atPath: replaced, toPath: alone + "/" + Ledger.fileName)
        #expect(try Self.events(ofLedgerIn: alone) == old)
        #expect(try Self.events(ofLedgerIn: directory) == restored)
    }

    /// A ledger whose log cannot be emptied (another program holds a read transaction on it) is kept
    /// with the log beside it under the kept name; the new ledger gets no log of the old one.
    @Test func aLedgerWhoseLogStaysIsKeptWithItsLog() throws {
        let (backup, restored) = try Self.backup(answers: 10)
        let (directory, old) = try Self.crashedState(answers: 20)
        let reader = try SQLiteConnection(path: directory + "/ledger.sqlite")
        try reader.execute("BEGIN")
        #expect(try reader.integer("SELECT count(*) FROM event") == Int64(old.count))
        let outcome = try LedgerRestore.restore(from: backup, into: directory, now: Self.now)
        try reader.execute("COMMIT")
        let replaced = try #require(outcome.replaced)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(!files.contains("ledger.sqlite-wal") && !files.contains("ledger.sqlite-shm"))
        #expect(files.contains(URL(fileURLWithPath: replaced).lastPathComponent + "-wal"))
        let kept = F.directory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: replaced + suffix, toPath: kept + "/" + Ledger.fileName + suffix)
        }
        #expect(try Self.events(ofLedgerIn: kept) == old)
        #expect(try Self.events(ofLedgerIn: directory) == restored)
    }

    /// Two restores in the same second keep both replaced ledgers.
    @Test func aSecondRestoreInTheSameSecondKeepsBothReplacedLedgers() throws {
        let (backup, _) = try Self.backup(answers: 5)
        let (directory, _) = try Self.crashedState(answers: 5)
        let first = try LedgerRestore.restore(from: backup, into: directory, now: Self.now)
        let second = try LedgerRestore.restore(from: backup, into: directory, now: Self.now)
        #expect(first.replaced != nil && second.replaced != nil && first.replaced != second.replaced)
    }

    /// A ledger of an older schema is restored as it is; medd migrates it when it opens it.
    @Test func anOlderLedgerIsRestoredAndMigratedWhenOpened() throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/ledger-written-through-grdb.sqlite", withExtension: nil))
        let directory = F.directory()
        let outcome = try LedgerRestore.restore(from: fixture.path, into: directory, now: Self.now)
        #expect(outcome.report.schema == "v2")
        #expect(outcome.report.events == 5)
        #expect(try Self.events(ofLedgerIn: directory).count == 5)
    }

    enum Spoiled: String, CaseIterable {
        case notSQLite, empty, truncated, truncatedHeader, damaged, newerSchema, notALedger, missingTable

        var code: LedgerRestoreError.Code {
            switch self {
            case .notSQLite, .empty: .notSQLite
            case .truncated, .truncatedHeader: .truncated
            case .damaged: .damaged
            case .newerSchema: .newerSchema
            case .notALedger, .missingTable: .notALedger
            }
        }

        /// Turns a good backup at `path` into this kind of bad file.
        func spoil(_ path: String) throws {
            let url = URL(fileURLWithPath: path)
            var bytes = try Data(contentsOf: url)
            switch self {
            case .notSQLite: bytes = Data("medication,taken\nmetformin,yes\n".utf8)
            case .empty: bytes = Data()
            case .truncated: bytes = bytes.prefix(bytes.count / 2)
            case .truncatedHeader: bytes = bytes.prefix(60)
            case .damaged:
                // The start of each page in the middle third: b-tree page headers, whatever the pages hold.
                let pages = bytes.count / 4096
                for page in pages / 3..<(2 * pages / 3) {
                    bytes.replaceSubrange(page * 4096..<page * 4096 + 16, with: Data(repeating: 0xa5, count: 16))
                }
            case .newerSchema, .notALedger, .missingTable:
                let connection = try SQLiteConnection(path: path)
                switch self {
                case .newerSchema: try connection.run("INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
                case .notALedger: try connection.execute("DROP TABLE grdb_migrations")
                default: try connection.execute("DROP TABLE snooze")
                }
                return
            }
            try bytes.write(to: url)
        }
    }

    @Test(arguments: Spoiled.allCases)
    func aBadFileIsRefusedAndTheLedgerIsLeftByteForByte(spoiled: Spoiled) throws {
        let (backup, _) = try Self.backup(answers: 60)
        try spoiled.spoil(backup)
        let (directory, _) = try Self.crashedState(answers: 20)
        let before = try Self.contents(directory)
        #expect { try LedgerRestore.restore(from: backup, into: directory, now: Self.now) } throws: { error in
            guard let error = error as? LedgerRestoreError else { return false }
            #expect(error.code == spoiled.code, "\(error.message.english)")
            #expect(error.message.english.contains(backup))
            return true
        }
        #expect(try Self.contents(directory) == before)
    }

    @Test func theNewerSchemaMessageNamesBothVersions() throws {
        let (backup, _) = try Self.backup(answers: 1)
        try Spoiled.newerSchema.spoil(backup)
        #expect { try LedgerRestore.restore(from: backup, into: F.directory(), now: Self.now) } throws: { error in
            let message = (error as? LedgerRestoreError)?.message.english ?? ""
            return message.contains("schema is v9") && message.contains("reads schema \(LedgerSchema.currentVersion)")
        }
    }

    /// While a medd holds the state directory, nothing is touched.
    @Test func aRunningMeddIsRefused() throws {
        let (backup, _) = try Self.backup(answers: 1)
        let running = try Running(answers: 3)
        let before = try Self.contents(running.directory)
        #expect { try LedgerRestore.restore(from: backup, into: running.directory, now: Self.now) } throws: { error in
            guard let error = error as? LedgerRestoreError else { return false }
            return error.code == .inUse && error.message.english.contains("pid \(getpid())") && error.message.english.contains("stop")
        }
        #expect(try Self.contents(running.directory) == before)
        try running.answer()
    }

    @Test func theLedgerItselfAndAMissingFileAreRefused() throws {
        let (directory, _) = try Self.crashedState(answers: 2)
        let before = try Self.contents(directory)
        #expect { try LedgerRestore.restore(from: directory + "/ledger.sqlite", into: directory, now: Self.now) } throws: {
            ($0 as? LedgerRestoreError)?.code == .sameFile
        }
        #expect { try LedgerRestore.restore(from: directory + "/nothing-here", into: directory, now: Self.now) } throws: {
            ($0 as? LedgerRestoreError)?.code == .unreadable
        }
        #expect { try LedgerRestore.restore(from: directory, into: directory, now: Self.now) } throws: {
            ($0 as? LedgerRestoreError)?.code == .unreadable
        }
        #expect(try Self.contents(directory) == before)
    }
}
