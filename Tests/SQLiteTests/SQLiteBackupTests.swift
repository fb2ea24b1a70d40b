import Foundation
import Testing
import SQLite

/// The online backup against the real libsqlite3: copied a few pages per step while the source is
/// written between steps, through its own connection or another one.
@Suite struct SQLiteBackupTests {
    static let rowCount = 2_000

    /// A WAL database of `rowCount` rows of 400 bytes: a few hundred pages.
    static func source() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: SQLiteConnectionTests.temporaryPath())
        _ = try connection.text("PRAGMA journal_mode = WAL")
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        try connection.transaction { () throws(SQLiteError) in
            for id in 1...rowCount {
                try connection.run("INSERT INTO t (id, text) VALUES (?, ?)", [.integer(Int64(id)), .text(Self.text(id))], keep: true)
            }
        }
        return connection
    }

    static func text(_ id: Int, _ version: String = "first") -> String {
        "\(version) \(id) " + String(repeating: "x", count: 400)
    }

    static func destination() throws -> SQLiteConnection {
        try SQLiteConnection(path: SQLiteConnectionTests.temporaryPath())
    }

    /// Every row of `t`, by id.
    static func rows(_ connection: SQLiteConnection) throws -> [Int64: String] {
        var rows: [Int64: String] = [:]
        try connection.forEachRow("SELECT id, text FROM t") { rows[$0.integer(0)] = $0.text(1) }
        return rows
    }

    /// Steps `backup` until it is done, calling `between` after each step that leaves pages; returns
    /// how many steps it took.
    @discardableResult
    static func run(_ backup: SQLiteBackup, pages: Int, between: (Int) throws -> Void = { _ in }) throws -> Int {
        var steps = 0
        while true {
            steps += 1
            #expect(steps < 100_000, "the backup never finished")
            switch try backup.step(pages: pages) {
            case .done: return steps
            case .copying: try between(steps)
            case .busy: Issue.record("an unexpected busy step"); return steps
            }
        }
    }

    @Test func aBackupTakenAFewPagesAtATimeCopiesEveryRow() throws {
        let source = try Self.source()
        let destination = try Self.destination()
        let pages = try #require(try source.integer("PRAGMA page_count"))
        let steps = try Self.run(SQLiteBackup(from: source, to: destination), pages: 8)
        #expect(steps >= Int(pages) / 8, "the copy took \(steps) steps for \(pages) pages")
        #expect(try Self.rows(destination) == Self.rows(source))
        #expect(try destination.text("PRAGMA integrity_check") == "ok")
    }

    /// Changes committed through the source connection between steps — to pages copied already, to
    /// pages not yet copied, and new pages — are all in the finished copy.
    @Test func writesThroughTheSourceConnectionBetweenStepsAreInTheCopy() throws {
        let source = try Self.source()
        let destination = try Self.destination()
        var added = Self.rowCount
        let steps = try Self.run(SQLiteBackup(from: source, to: destination), pages: 4) { step in
            // The first rows live on the first pages, which the first steps copied.
            try source.run("UPDATE t SET text = ? WHERE id = ?", [.text(Self.text(step, "changed")), .integer(Int64(step))])
            try source.run("UPDATE t SET text = ? WHERE id = ?", [.text(Self.text(Self.rowCount - step, "changed")),
                                                                  .integer(Int64(Self.rowCount - step))])
            added += 1
            try source.run("INSERT INTO t (id, text) VALUES (?, ?)", [.integer(Int64(added)), .text(Self.text(added, "new"))])
        }
        // Never started over: a write through another connection at every step would never let it end.
        let pages = try #require(try source.integer("PRAGMA page_count"))
        #expect(steps <= Int(pages) / 4 + 1, "\(steps) steps for \(pages) pages: the backup started over")
        let copied = try Self.rows(destination)
        #expect(copied == (try Self.rows(source)))
        #expect(copied[1]?.hasPrefix("changed") == true)
        #expect(copied[Int64(added)]?.hasPrefix("new") == true)
        #expect(try destination.text("PRAGMA integrity_check") == "ok")
    }

    /// A write through another connection, or a checkpoint from one, at most makes the backup start
    /// over; it still finishes, holding that write.
    @Test func aWriteOrACheckpointFromAnotherConnectionIsSurvived() throws {
        let source = try Self.source()
        let destination = try Self.destination()
        let other = try SQLiteConnection(path: source.path)
        try Self.run(SQLiteBackup(from: source, to: destination), pages: 16) { step in
            switch step {
            case 3: try other.run("UPDATE t SET text = 'from the other connection' WHERE id = 1")
            case 6: _ = try other.text("PRAGMA wal_checkpoint(PASSIVE)")
            case 9:
                try source.run("UPDATE t SET text = 'after the checkpoint' WHERE id = 2")
                _ = try other.text("PRAGMA wal_checkpoint(TRUNCATE)")
            case 12: try source.run("UPDATE t SET text = 'after the log restarted' WHERE id = 3")
            default: break
            }
        }
        let copied = try Self.rows(destination)
        #expect(copied == (try Self.rows(source)))
        #expect(copied[1] == "from the other connection")
        #expect(copied[3] == "after the log restarted")
    }

    /// A source locked by another connection's exclusive transaction makes a step busy, not a
    /// failure; the backup goes on once the lock is gone.
    @Test func aLockedSourceIsBusyAndTheBackupGoesOn() throws {
        let path = SQLiteConnectionTests.temporaryPath()
        let source = try SQLiteConnection(path: path)
        try source.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL); INSERT INTO t (text) VALUES ('row')")
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN EXCLUSIVE; INSERT INTO t (text) VALUES ('locked')")
        let destination = try Self.destination()
        let backup = try SQLiteBackup(from: source, to: destination)
        #expect(try backup.step(pages: 1) == .busy)
        try other.execute("COMMIT")
        try Self.run(backup, pages: 1)
        #expect(try destination.integer("SELECT count(*) FROM t") == 2)
    }

    /// A finished or abandoned backup cannot be stepped again.
    @Test func aFinishedBackupRefusesAnotherStep() throws {
        let source = try Self.source()
        let backup = try SQLiteBackup(from: source, to: try Self.destination())
        try Self.run(backup, pages: 1_000)
        #expect(throws: SQLiteError.self) { try backup.step(pages: 1) }
        let abandoned = try SQLiteBackup(from: source, to: try Self.destination())
        abandoned.abandon()
        #expect(throws: SQLiteError.self) { try abandoned.step(pages: 1) }
    }
}
