import Foundation
import Testing
import SQLite

/// The SQLite layer against the real libsqlite3: values in and out unchanged, statements kept or not,
/// transactions that roll back, and failures by kind.
@Suite struct SQLiteConnectionTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("medd-sqlite-\(UUID().uuidString).sqlite").path
    }

    static func table() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: temporaryPath())
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL, number INTEGER, note TEXT)")
        return connection
    }

    @Test(arguments: ["", "plain", "with\u{0}nul", "Levothyroxine 50 µg — 💊", String(repeating: "x", count: 100_000)])
    func textRoundTripsByteForByte(text: String) throws {
        let connection = try Self.table()
        try connection.run("INSERT INTO t (text, number, note) VALUES (?, ?, ?)", [.text(text), .integer(Int64.min), .null])
        var read: [(String, Int64?, String?)] = []
        try connection.forEachRow("SELECT text, number, note FROM t") { read.append(($0.text(0), $0.optionalInteger(1), $0.optionalText(2))) }
        #expect(read.count == 1)
        #expect(Array(read[0].0.utf8) == Array(text.utf8))
        #expect(read[0].1 == Int64.min)
        #expect(read[0].2 == nil)
    }

    @Test func keptStatementsRunAgainWithNewValues() throws {
        let connection = try Self.table()
        for number in 1...50 {
            try connection.run("INSERT INTO t (text, number) VALUES (?, ?)", ["kept", .integer(Int64(number))], keep: true)
        }
        #expect(try connection.integer("SELECT sum(number) FROM t") == 1275)
        #expect(try connection.integer("SELECT number FROM t WHERE number > ?", [99]) == nil)
        #expect(connection.lastInsertedRowID == 50)
    }

    @Test func aFailedStatementLeavesAKeptStatementUsable() throws {
        let connection = try Self.table()
        let insert = "INSERT INTO t (id, text) VALUES (?, ?)"
        try connection.run(insert, [1, "first"], keep: true)
        #expect { try connection.run(insert, [1, "again"], keep: true) } throws: { ($0 as? SQLiteError)?.kind == .constraint }
        try connection.run(insert, [2, "second"], keep: true)
        #expect(try connection.integer("SELECT count(*) FROM t") == 2)
    }

    @Test func aThrowingTransactionRollsBack() throws {
        let connection = try Self.table()
        #expect(throws: SQLiteError.self) {
            try connection.transaction { () throws(SQLiteError) in
                try connection.run("INSERT INTO t (text) VALUES ('kept only if committed')")
                try connection.run("INSERT INTO t (text) VALUES (NULL)")
            }
        }
        #expect(try connection.integer("SELECT count(*) FROM t") == 0)
        let count = try connection.transaction { () throws(SQLiteError) -> Int64? in
            try connection.run("INSERT INTO t (text) VALUES ('committed')")
            return try connection.integer("SELECT count(*) FROM t")
        }
        #expect(count == 1)
    }

    @Test func notADatabaseIsCorrupt() throws {
        let path = Self.temporaryPath()
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        let connection = try SQLiteConnection(path: path)
        #expect { try connection.execute("SELECT * FROM sqlite_master") } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.kind == .corrupt && error.message.contains("not a database")
        }
    }

    @Test func aMissingDirectoryCannotBeOpened() {
        #expect { try SQLiteConnection(path: "/nonexistent-medd-directory/ledger.sqlite") } throws: {
            ($0 as? SQLiteError)?.kind == .notWritable
        }
    }

    @Test func badSQLIsAnErrorWithSQLitesMessage() throws {
        let connection = try Self.table()
        #expect { try connection.run("SELEKT 1") } throws: { ($0 as? SQLiteError)?.message.contains("syntax error") == true }
    }

    /// A full disk (here: a page limit) fails the write with `.full`, SQLite rolls the transaction back
    /// itself, and the connection takes the next transaction.
    @Test func aFullDatabaseRollsBackAndTheConnectionGoesOn() throws {
        let connection = try Self.table()
        try connection.run("INSERT INTO t (text) VALUES ('before')")
        let pages = try #require(try connection.integer("PRAGMA page_count"))
        try connection.execute("PRAGMA max_page_count = \(pages + 2)")
        #expect { try connection.transaction { () throws(SQLiteError) in
            for _ in 0..<100 { try connection.run("INSERT INTO t (text) VALUES (?)", [.text(String(repeating: "x", count: 4000))]) }
        } } throws: { ($0 as? SQLiteError)?.kind == .full }
        #expect(!connection.inTransaction)
        #expect(try connection.integer("SELECT count(*) FROM t") == 1)
        try connection.transaction { () throws(SQLiteError) in try connection.run("INSERT INTO t (text) VALUES ('after')") }
        #expect(try connection.integer("SELECT count(*) FROM t") == 2)
    }

    /// A transaction left open (its ROLLBACK failed) does not make every later one fail.
    @Test func aTransactionLeftOpenIsRolledBackBeforeTheNext() throws {
        let connection = try Self.table()
        try connection.execute("BEGIN; INSERT INTO t (text) VALUES ('left open')")
        #expect(connection.inTransaction)
        try connection.transaction { () throws(SQLiteError) in try connection.run("INSERT INTO t (text) VALUES ('next')") }
        var texts: [String] = []
        try connection.forEachRow("SELECT text FROM t") { texts.append($0.text(0)) }
        #expect(texts == ["next"])
    }

    @Test func openingWithoutCreateLeavesAMissingFileMissing() {
        let path = Self.temporaryPath()
        #expect { try SQLiteConnection(path: path, create: false) } throws: { ($0 as? SQLiteError)?.kind == .notWritable }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
