import Foundation
import Testing
@testable import MeddCore
@testable import MeddStore

/// Each way the state directory can fail gives a precise error and leaves existing data as it was.
@Suite(.serialized) struct LedgerFailureTests {
    typealias F = LedgerFixture

    static let canMount: Bool = {
        guard getuid() == 0 else {
            print("WARNING: not root: the read-only and full-disk ledger tests are SKIPPED (they need mount)")
            return false
        }
        let probe = F.directory()
        let ok = shell("mount -t tmpfs -o size=64k tmpfs \(probe) && umount \(probe)") == 0
        if !ok { print("WARNING: mount is not permitted here: the read-only and full-disk ledger tests are SKIPPED") }
        return ok
    }()

    @discardableResult
    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Records a few answered doses and returns the events written.
    static func populate(_ directory: String) throws -> [DoseEvent] {
        let ledger = try Ledger(directory: directory)
        var book = F.book()
        try ledger.commit(F.events(book.advance(to: F.start)), state: book)
        try ledger.commit(F.events(try book.take("metformin", source: .cli, now: F.start).get().effects), state: book)
        return try ledger.allEvents()
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A file that is not a SQLite database is reported as damaged and left byte-for-byte alone.
    @Test func garbageFileIsCorruptAndUntouched() throws {
        let directory = F.directory()
        let path = directory + "/ledger.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect { try Ledger(directory: directory) } throws: { error in
            let error = error as! LedgerError
            return error.code == .corrupt && error.message.contains("mv \(path) \(path).broken")
        }
        #expect(Self.bytes(path) == garbage)
    }

    /// A real ledger with its pages cut off is reported as damaged, not rewritten.
    @Test func truncatedLedgerIsCorruptAndUntouched() throws {
        let directory = F.directory()
        _ = try Self.populate(directory)
        let path = directory + "/ledger.sqlite"
        let original = try #require(Self.bytes(path))
        let cut = original.prefix(100) + Data(repeating: 0xAB, count: 4000)
        try cut.write(to: URL(fileURLWithPath: path))
        #expect { try Ledger(directory: directory).allEvents() } throws: { ($0 as? LedgerError)?.code == .corrupt }
        #expect(Self.bytes(path) == cut)
    }

    /// A ledger migrated by a newer medd is refused and not modified.
    @Test func newerSchemaIsRefusedAndUntouched() throws {
        let directory = F.directory()
        _ = try Self.populate(directory)
        let path = directory + "/ledger.sqlite"
        #expect(Self.shell("sqlite3 \(path) \"INSERT INTO grdb_migrations VALUES ('v99-from-the-future')\"") == 0)
        let before = Self.bytes(path)
        #expect { try Ledger(directory: directory) } throws: { error in
            let error = error as! LedgerError
            return error.code == .newerSchema && error.message.contains("newer medd")
        }
        #expect(Self.bytes(path) == before)
    }

    /// A state directory on a read-only file system gives a read-only error; the data is intact.
    @Test(.enabled(if: canMount, "needs root and mount")) func readOnlyDirectory() throws {
        let directory = F.directory()
        let events = try Self.populate(directory)
        let readOnly = F.directory()
        #expect(Self.shell("mount --bind \(directory) \(readOnly) && mount -o remount,bind,ro \(readOnly)") == 0)
        defer { Self.shell("umount \(readOnly)") }
        #expect { try Ledger(directory: readOnly) } throws: { error in
            let error = error as! LedgerError
            return error.code == .readOnly && error.message.contains(readOnly)
        }
        Self.shell("umount \(readOnly)")
        #expect(try Ledger(directory: directory).allEvents() == events)
    }

    /// A full disk fails the commit with a full-disk error; everything committed before survives.
    @Test(.enabled(if: canMount, "needs root and mount")) func fullDisk() throws {
        let directory = F.directory()
        #expect(Self.shell("mount -t tmpfs -o size=512k tmpfs \(directory)") == 0)
        defer { Self.shell("umount \(directory)") }
        var committed: [DoseEvent] = []
        var failure: LedgerError?
        do {
            let ledger = try Ledger(directory: directory)
            var book = F.book()
            for day in 0..<400 {
                let events = F.events(book.advance(to: F.start + .days(Int64(day)) + .hours(13)))
                do {
                    try ledger.commit(events, state: book)
                    committed += events
                } catch {
                    failure = error
                    break
                }
            }
        } catch {
            failure = error
        }
        let error = try #require(failure, "512 KiB should fill up")
        #expect(error.code == .full)
        #expect(error.message.contains("full"))
        #expect(committed.count > 10, "the disk must fill only after some commits succeeded; failed with: \(error)")
        let reopened = try Ledger(directory: directory)
        #expect(try reopened.integrityCheck() == "ok")
        #expect(try reopened.allEvents() == committed)
    }
}
