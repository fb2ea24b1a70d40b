import Foundation
import Systemd
import Testing

/// `JournalWriter` against a real journald: what is written comes back, exactly.
@Suite(.enabled(if: JournaldFixture.isAvailable, "needs a running systemd-journald"))
struct JournalWriterTests {
    static let multiline = "Müller\nzweite Zeile ✓"

    /// Every field written comes back through `JournalReader` and through `journalctl -o json`, with `CODE_*` added.
    @Test func everyFieldComesBackThroughReaderAndJournalctl() async throws {
        let id = JournaldFixture.uniqueID()
        let fields = [
            ("MESSAGE", "Metformin 500 mg due 2026-11-22T08:00:00+01:00 (metformin_20261122_08_00): taken via cli"),
            ("MESSAGE_ID", "c213daac996b49b493985e0b78751488"), ("PRIORITY", "6"), ("SYSLOG_IDENTIFIER", "medd-test"),
            ("MEDD_EVENT", "taken"), ("MEDD_DOSE_ID", "metformin_20261122_08_00"), ("MEDD_MED_NAME", "Metformin"),
            ("MEDD_DOSE", "500 mg"), ("MEDD_EVENT_USEC", "1795331012345678"), ("MEDD_NOTE", Self.multiline),
            ("MEDD_EMPTY", ""), ("MEDD_EQUALS", "a=b=c"), ("MEDD_CONTROL", "bell\u{07}tab\tend\n"),
            ("MEDD_TEST_ID", id),
        ]
        let line = #line + 1
        try JournalWriter().send(fields)
        var expected = Dictionary(uniqueKeysWithValues: fields)
        expected["CODE_FILE"] = "SystemdTests/JournalWriterTests.swift"
        expected["CODE_LINE"] = String(line)
        expected["CODE_FUNC"] = "everyFieldComesBackThroughReaderAndJournalctl()"

        let entries = try await JournaldFixture.entries("MEDD_TEST_ID", id)
        try #require(entries.count == 1)
        for (name, value) in expected { #expect(entries[0][name] == value, "reader: \(name)") }
        #expect(entries[0]["_PID"] == String(getpid()), "journald adds the trusted fields")
        #expect(entries[0].realtimeUsec > 0 && !entries[0].cursor.isEmpty)

        let json = try JournalctlJSON.entries(matching: "MEDD_TEST_ID", id)
        try #require(json.count == 1)
        for (name, value) in expected { #expect(json[0][name] == value, "journalctl: \(name)") }
        #expect(json[0]["__CURSOR"] == entries[0].cursor)
        #expect(json[0]["__REALTIME_TIMESTAMP"] == String(entries[0].realtimeUsec))
    }

    /// A value with a newline and non-ASCII arrives byte for byte, in MESSAGE and in a custom field.
    @Test func newlineAndNonASCIIRoundTrip() async throws {
        let id = JournaldFixture.uniqueID()
        try JournalWriter().send([("MESSAGE", Self.multiline), ("MEDD_NOTE", "\n" + Self.multiline + "\n\n"), ("MEDD_TEST_ID", id)])
        let entry = try #require(await JournaldFixture.entries("MEDD_TEST_ID", id).first)
        #expect(Array(entry["MESSAGE"]?.utf8 ?? "".utf8) == Array(Self.multiline.utf8))
        #expect(entry["MEDD_NOTE"] == "\n" + Self.multiline + "\n\n")
        #expect(try JournalctlJSON.entries(matching: "MEDD_TEST_ID", id).first?["MEDD_NOTE"] == "\n" + Self.multiline + "\n\n")
    }

    /// A value larger than one datagram and than the reader's default 64 KiB threshold arrives whole.
    @Test func largeValueArrivesWhole() async throws {
        let id = JournaldFixture.uniqueID()
        let large = String((0..<300_000).map { _ in "abcdefghij✓\n".randomElement()! })
        try JournalWriter().send([("MESSAGE", "large value"), ("MEDD_LARGE", large), ("MEDD_TEST_ID", id)])
        let entry = try #require(await JournaldFixture.entries("MEDD_TEST_ID", id).first)
        #expect(entry["MEDD_LARGE"] == large)
    }

    /// A bad field name throws before anything is sent: the entry never appears.
    @Test func badFieldNameThrowsAndSendsNothing() async throws {
        let id = JournaldFixture.uniqueID()
        #expect(throws: JournalFieldNameError(name: "medd_event", problem: .invalidByte(UInt8(ascii: "m"), offset: 0))) {
            try JournalWriter().send([("MESSAGE", "bad"), ("medd_event", "taken"), ("MEDD_TEST_ID", id)])
        }
        #expect(throws: JournalFieldNameError(name: "_PID", problem: .leadingUnderscore)) {
            try JournalWriter().send([("MESSAGE", "bad"), ("_PID", "1"), ("MEDD_TEST_ID", id)])
        }
        // A good entry sent afterwards over the same socket is read once it arrives; the bad ones would precede it.
        try JournalWriter().send([("MESSAGE", "good"), ("MEDD_TEST_ID", id)])
        let entries = try await JournaldFixture.entries("MEDD_TEST_ID", id)
        #expect(entries.map { $0["MESSAGE"] } == ["good"])
    }

    /// A repeated name is sent as journald's multi-valued field: a match on either value finds the entry.
    @Test func repeatedNameIsMultiValued() async throws {
        let id = JournaldFixture.uniqueID()
        try JournalWriter().send([("MESSAGE", "repeat"), ("MEDD_TAG", "one-\(id)"), ("MEDD_TAG", "two-\(id)")])
        let first = try await JournaldFixture.entries("MEDD_TAG", "one-\(id)")
        let second = try await JournaldFixture.entries("MEDD_TAG", "two-\(id)")
        #expect(first.count == 1 && second.map(\.cursor) == first.map(\.cursor))
        #expect(["one-\(id)", "two-\(id)"].contains(first.first?["MEDD_TAG"]), "the reader keeps one of the values")
    }
}
