import Foundation
import Glibc
import Logging
import Systemd
import Testing
@testable import MeddCore
@testable import MeddDaemon

/// The journal outbox against a stand-in journald (a datagram socket the test reads) and the
/// in-memory ledger: nothing committed is lost, order is kept, and an absent journald is waited for.
@Suite struct JournalOutboxTests {
    /// A datagram socket at a temporary path, read like journald reads its native socket.
    final class StandInJournald {
        let path: String
        private(set) var descriptor: Int32 = -1
        /// Every entry `received()` has read, field by field.
        private(set) var receivedFields: [[String: String]] = []

        init() {
            path = NSTemporaryDirectory() + "medd-journal-\(UUID().uuidString.prefix(8)).socket"
        }

        func listen() {
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            precondition(bound == 0, "cannot bind \(path)")
        }

        /// The `MEDD_DOSE_ID` and `MEDD_EVENT` of every entry received so far.
        func received() -> [String] {
            var entries: [String] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while descriptor >= 0 {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                let fields = Dictionary(String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n")
                    .compactMap { line -> (String, String)? in
                        guard let equals = line.firstIndex(of: "=") else { return nil }
                        return (String(line[..<equals]), String(line[line.index(after: equals)...]))
                    }, uniquingKeysWith: { first, _ in first })
                entries.append("\(fields["MEDD_EVENT"] ?? "?") \(fields["MEDD_DOSE_ID"] ?? "?")")
                receivedFields.append(fields)
            }
            return entries
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
            unlink(path)
        }
    }

    /// Whom each medication is for, as the daemon's configuration would say when an entry is written.
    final class People: @unchecked Sendable {
        var byMedication: [String: Person] = [:]
    }

    let ledger = InMemoryLedger()
    let journald = StandInJournald()
    let people = People()
    let loop: EventLoop
    let outbox: JournalOutbox

    init() throws {
        loop = try EventLoop()
        outbox = JournalOutbox(ledger: ledger, loop: loop, log: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
                               journal: JournalSocket(path: journald.path)) { [people] in $0.journalFields(person: people.byMedication[$0.dose.medication]) }
    }

    static let dose = Dose(id: DoseID(parsing: "metformin_20261122_08_00")!, name: "Metformin", doseText: "500 mg",
                           scheduled: Instant(iso8601: "2026-11-22T08:00:00+01:00")!, utcOffset: 3600)

    /// Commits `kinds` to the ledger as the runner does and hands them to the outbox.
    func commit(_ kinds: [EventKind]) throws {
        let events = kinds.map { DoseEvent(kind: $0, dose: Self.dose, at: Self.dose.scheduled, source: .daemon) }
        let book = DoseBook(configuration: Configuration(settings: Settings(), medications: []), localZone: .utc)
        let sequence = try ledger.commit(events, state: book)
        outbox.enqueue(Array(zip(sequence, events)))
    }

    /// Turns the loop until `done` or `seconds` pass.
    func spin(seconds: Double, until done: () -> Bool) throws {
        let deadline = EventLoop.wallClockUsec() + UInt64(seconds * 1_000_000)
        while !done(), EventLoop.wallClockUsec() < deadline { try loop.runOnce(timeoutUsec: 20_000) }
    }

    /// What was committed before the outbox started (a crash, say) goes out first, then new events, in order;
    /// the ledger's outbox is empty afterwards.
    @Test func backlogThenNewEventsInOrder() throws {
        journald.listen()
        try commit([.fired, .renotified])  // the outbox has not read the ledger yet: these wait there
        outbox.flush()
        try commit([.taken])
        outbox.flush()
        #expect(journald.received() == ["fired metformin_20261122_08_00", "renotified metformin_20261122_08_00",
                                        "taken metformin_20261122_08_00"])
        #expect(ledger.outboxSequence.isEmpty)
    }

    /// An entry names the person its medication is for when it is written, not when it was committed.
    @Test func entriesNameThePersonWhenWritten() throws {
        journald.listen()
        outbox.flush()
        try commit([.fired])
        outbox.flush()
        people.byMedication["metformin"] = Person(id: "mum", name: "Mum")
        try commit([.taken])
        outbox.flush()
        #expect(journald.received() == ["fired metformin_20261122_08_00", "taken metformin_20261122_08_00"])
        let fields = journald.receivedFields
        #expect(fields.map { $0["MEDD_PERSON"] } == [nil, "mum"])
        #expect(fields[0]["MESSAGE"]?.hasPrefix("Metformin 500 mg due ") == true)
        #expect(fields[1]["MESSAGE"]?.hasPrefix("Mum — Metformin 500 mg due ") == true)
    }

    /// With no journald the events wait in the ledger; once it listens, the retry delivers every one.
    @Test func anAbsentJournaldIsWaitedFor() throws {
        outbox.flush()
        try commit([.fired, .taken])
        outbox.flush()
        #expect(ledger.outboxSequence == [1, 2])
        journald.listen()
        try spin(seconds: 3) { ledger.outboxSequence.isEmpty }
        #expect(journald.received() == ["fired metformin_20261122_08_00", "taken metformin_20261122_08_00"])
        #expect(ledger.outboxSequence.isEmpty)
    }

    /// A ledger that cannot forget what was written keeps the entries: they are sent again later, never lost.
    @Test func aLedgerThatCannotForgetKeepsTheEntries() throws {
        journald.listen()
        outbox.flush()
        ledger.failingOutboxCalls = 1
        try commit([.fired])
        outbox.flush()
        #expect(ledger.outboxSequence == [1])
        try spin(seconds: 3) { ledger.outboxSequence.isEmpty }
        #expect(ledger.outboxSequence.isEmpty)
        #expect(journald.received() == ["fired metformin_20261122_08_00", "fired metformin_20261122_08_00"])
    }
}
