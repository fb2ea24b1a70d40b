import Foundation
import MeddCore
import MeddTestSupport
import Systemd
import Testing

/// `JournalReader` over journal files gathered from other machines: files written by
/// systemd-journal-remote, read one by one, several together, or as a directory.
@Suite(.enabled(if: JournalFiles.unavailableReason == nil, "needs systemd-journal-remote to write journal files"))
struct JournalReaderFileTests {
    static let laptop = JournalFiles.Machine(hostname: "laptop", machineID: "11111111111111111111111111111111", uid: 1000)
    static let desktop = JournalFiles.Machine(hostname: "desktop", machineID: "22222222222222222222222222222222", uid: 1001,
                                              bootID: "fedcba9876543210fedcba9876543210")
    static let start: Int64 = 1_795_330_800_000_000

    static func event(_ kind: EventKind, minutes: Int64) -> DoseEvent {
        let dose = Dose(id: DoseID(parsing: "metformin_20261122_08_00")!, name: "Metformin", doseText: "500 mg",
                        scheduled: Instant(usec: start), utcOffset: 3600)
        return DoseEvent(kind: kind, dose: dose, at: Instant(usec: start) + .minutes(minutes), source: .cli)
    }

    /// Two machines' files: each file alone, then both read as one journal, interleaved by time, with
    /// every field (the trusted ones included) as written.
    @Test func severalFilesReadAsOneJournal() throws {
        let directory = try JournalFiles.directory()
        let laptopFile = directory + "/laptop.journal", desktopFile = directory + "/desktop.journal"
        try JournalFiles.write([Self.laptop.entry(Self.event(.fired, minutes: 0), realtimeUsec: Self.start),
                                Self.laptop.entry(Self.event(.taken, minutes: 20), realtimeUsec: Self.start + 20 * 60_000_000)],
                               to: laptopFile)
        try JournalFiles.write([Self.desktop.entry(Self.event(.skipped, minutes: 10), realtimeUsec: Self.start + 10 * 60_000_000)],
                               to: desktopFile)
        #expect(try JournalReader(files: [laptopFile]).entries().map { $0["MEDD_EVENT"] } == ["fired", "taken"])
        let both = try JournalReader(files: [desktopFile, laptopFile]).entries()
        #expect(both.map { "\($0["_HOSTNAME"] ?? "") \($0["MEDD_EVENT"] ?? "")" } == ["laptop fired", "desktop skipped", "laptop taken"])
        #expect(both[1]["_UID"] == "1001" && both[1]["_MACHINE_ID"] == "22222222222222222222222222222222")
        #expect(both.map(\.realtimeUsec) == [UInt64(Self.start), UInt64(Self.start + 600_000_000), UInt64(Self.start + 1_200_000_000)])
        #expect(DoseEvent(journalFields: both[2].fields) == Self.event(.taken, minutes: 20))
        let reader = try JournalReader(directory: directory)
        try reader.addMatch("_HOSTNAME", "desktop")
        #expect(try reader.entries().map { $0["MEDD_EVENT"] } == ["skipped"], "a directory reads its files, matches apply")
    }

    /// A missing file, a file that is not a journal and a directory given as a file fail the open,
    /// each with its own errno.
    @Test func unreadableFilesFailTheOpen() throws {
        let directory = try JournalFiles.directory()
        let good = directory + "/good.journal"
        try JournalFiles.write([Self.laptop.entry(Self.event(.taken, minutes: 0), realtimeUsec: Self.start)], to: good)
        let junk = directory + "/junk.journal"
        try Data("not a journal\n".utf8).write(to: URL(fileURLWithPath: junk))
        #expect(throws: SystemError.self) { try JournalReader(files: [good, directory + "/missing.journal"]) }
        do {
            _ = try JournalReader(files: [directory + "/missing.journal"])
            Issue.record("a missing file opened")
        } catch {
            #expect(error.fileIsMissing)
        }
        do {
            _ = try JournalReader(files: [good, junk])
            Issue.record("a file that is not a journal opened")
        } catch {
            #expect(error.isNotAJournalFile, "\(error)")
        }
        do {
            _ = try JournalReader(directory: good)
            Issue.record("a file opened as a directory")
        } catch {
            #expect(error.fileIsMissing, "\(error)")
        }
    }
}
