import Glibc
import Systemd
import Testing

/// Following: a reader positioned at the end sees an entry written after it opened.
@Suite(.enabled(if: JournaldFixture.isAvailable, "needs a running systemd-journald"))
struct JournalFollowTests {
    /// A reader at the tail, matching one test's entries, with nothing to read yet.
    static func readerAtTail(_ id: String) throws -> JournalReader {
        let reader = try JournalReader()
        try reader.addMatch("MEDD_TEST_ID", id)
        _ = try reader.fileDescriptor()
        try reader.seekTail()
        #expect(try reader.next() == nil)
        return reader
    }

    /// `wait(timeout:)` wakes for the new entry and `next()` returns it.
    @Test func waitSeesANewEntry() throws {
        let id = JournaldFixture.uniqueID()
        let reader = try Self.readerAtTail(id)
        try JournalWriter().send([("MESSAGE", "followed"), ("MEDD_TEST_ID", id)])
        var found: JournalEntry?
        let deadline = ContinuousClock.now + .seconds(5)
        while found == nil, ContinuousClock.now < deadline {
            _ = try reader.wait(timeout: .seconds(1))
            found = try reader.next()
        }
        #expect(found?["MESSAGE"] == "followed")
        #expect(try reader.next() == nil)
    }

    /// The descriptor becomes readable for an event loop's poll; `process()` reports the append.
    @Test func descriptorWakesAPoll() throws {
        let id = JournaldFixture.uniqueID()
        let reader = try Self.readerAtTail(id)
        var pollFD = pollfd(fd: try reader.fileDescriptor(), events: try reader.pollEvents(), revents: 0)
        try JournalWriter().send([("MESSAGE", "polled"), ("MEDD_TEST_ID", id)])
        var changes: [JournalChange] = []
        var found: JournalEntry?
        let deadline = ContinuousClock.now + .seconds(5)
        while found == nil, ContinuousClock.now < deadline {
            pollFD.revents = 0
            guard poll(&pollFD, 1, 1000) > 0 else { continue }
            changes.append(try reader.process())
            found = try reader.next()
        }
        #expect(found?["MESSAGE"] == "polled")
        #expect(changes.contains(.appended) || changes.contains(.invalidated), "\(changes)")
    }
}
