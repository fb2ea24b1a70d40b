import Foundation
import Glibc
import Systemd
import Testing

/// `JournalReader` against a real journald: matches, time ranges, cursors, directories.
@Suite(.enabled(if: JournaldFixture.isAvailable, "needs a running systemd-journald"))
struct JournalReaderTests {
    /// Writes one entry per event kind for `id` and waits until all are readable, oldest first.
    static func writeEvents(_ id: String, _ kinds: [String]) async throws -> [JournalEntry] {
        for kind in kinds {
            try JournalWriter().send([("MESSAGE", "reader test \(kind)"), ("SYSLOG_IDENTIFIER", "medd-test"),
                                      ("MEDD_EVENT", kind), ("MEDD_TEST_ID", id)])
            usleep(2000)
        }
        let entries = try await JournaldFixture.entries("MEDD_TEST_ID", id, atLeast: kinds.count)
        try #require(entries.count == kinds.count)
        return entries
    }

    /// Matches on one field are ORed, on different fields ANDed, and a disjunction ORs whole groups.
    @Test func matchesAndDisjunctions() async throws {
        let id = JournaldFixture.uniqueID()
        let other = JournaldFixture.uniqueID()
        _ = try await Self.writeEvents(id, ["fired", "taken", "missed"])
        _ = try await Self.writeEvents(other, ["fired"])

        let reader = try JournalReader()
        try reader.addMatch("SYSLOG_IDENTIFIER", "medd-test")
        try reader.addMatch("MEDD_TEST_ID", id)
        try reader.addMatch("MEDD_EVENT", "fired")
        try reader.addMatch("MEDD_EVENT", "missed")
        #expect(try reader.entries().map { $0["MEDD_EVENT"] } == ["fired", "missed"])

        reader.flushMatches()
        try reader.addMatch("MEDD_TEST_ID", id)
        try reader.addMatch("MEDD_EVENT", "taken")
        try reader.addDisjunction()
        try reader.addMatch("MEDD_TEST_ID", other)
        #expect(try reader.entries().map { "\($0["MEDD_TEST_ID"] == id ? "id" : "other") \($0["MEDD_EVENT"] ?? "")" }
                == ["id taken", "other fired"])
    }

    /// A realtime range returns the entries with since ≤ time < until.
    @Test func timeRange() async throws {
        let id = JournaldFixture.uniqueID()
        let written = try await Self.writeEvents(id, ["fired", "snoozed", "taken"])
        let reader = try JournalReader()
        try reader.addMatch("MEDD_TEST_ID", id)
        let events = { (since: UInt64?, until: UInt64?) in try reader.entries(sinceUsec: since, untilUsec: until).map { $0["MEDD_EVENT"] } }
        #expect(try events(written[1].realtimeUsec, written[2].realtimeUsec) == ["snoozed"])
        #expect(try events(written[1].realtimeUsec, nil) == ["snoozed", "taken"])
        #expect(try events(nil, written[1].realtimeUsec) == ["fired"])
        #expect(try events(written[2].realtimeUsec + 1, nil) == [])
    }

    /// A cursor leads back to its entry; `previous()` walks backwards from the tail.
    @Test func cursorAndBackwards() async throws {
        let id = JournaldFixture.uniqueID()
        let written = try await Self.writeEvents(id, ["fired", "renotified", "skipped"])
        let reader = try JournalReader()
        try reader.addMatch("MEDD_TEST_ID", id)
        try reader.seek(cursor: written[1].cursor)
        #expect(try reader.next() == written[1])
        try reader.seekTail()
        #expect(try reader.previous()?["MEDD_EVENT"] == "skipped")
        #expect(try reader.previous()?["MEDD_EVENT"] == "renotified")
    }

    /// The journal files' directory opens on its own and shows the same entry.
    @Test func opensADirectory() async throws {
        let id = JournaldFixture.uniqueID()
        let written = try await Self.writeEvents(id, ["fired"])
        let machine = try String(contentsOfFile: "/etc/machine-id", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let directory = try #require(["/var/log/journal/\(machine)", "/run/log/journal/\(machine)"].first { path in
            (try? FileManager.default.contentsOfDirectory(atPath: path))?.contains { $0.hasSuffix(".journal") } == true
        })
        let reader = try JournalReader(directory: directory)
        try reader.addMatch("MEDD_TEST_ID", id)
        #expect(try reader.entries().map(\.cursor) == [written[0].cursor])
    }

    /// A directory that does not exist is an error naming the call, not an empty journal.
    @Test func missingDirectoryThrows() {
        #expect(throws: SystemError("sd_journal_open_directory(/nonexistent/medd-journal)", errno: ENOENT)) {
            try JournalReader(directory: "/nonexistent/medd-journal")
        }
    }
}
