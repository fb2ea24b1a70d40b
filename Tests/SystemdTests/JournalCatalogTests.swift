import Foundation
import Glibc
import MeddCore
import Systemd
import Testing

/// `units/medd.catalog` is valid for journald: well-formed, installable, and explains real entries.
@Suite struct JournalCatalogTests {
    static let catalogURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("units/medd.catalog")
    static let installed = "/usr/lib/systemd/catalog/medd.catalog"
    static let firedID = "1570343c2d3f4857a8ddefd14135d38b"
    /// The fields a medd entry can carry: the only ones a catalog body may substitute.
    static let knownFields: Set<String> = [
        "MEDD_EVENT", "MEDD_DOSE_ID", "MEDD_MED_ID", "MEDD_MED_NAME", "MEDD_DOSE", "MEDD_SCHEDULED", "MEDD_SCHEDULED_USEC",
        "MEDD_EVENT_USEC", "MEDD_SOURCE", "MEDD_SNOOZE_ID", "MEDD_SNOOZE_UNTIL", "MEDD_SNOOZE_UNTIL_USEC", "MEDD_REASON", "MEDD_NOTE", "MEDD_ANSWER",
        "MEDD_MEASURE_ID", "MEDD_MEASURE_NAME", "MEDD_MEASURE_KIND", "MEDD_VALUE", "MEDD_UNIT", "MEDD_SYSTOLIC", "MEDD_DIASTOLIC", "MEDD_PULSE",
        "MEDD_READING", "MEDD_TARGET", "MEDD_IN_TARGET", "MEDD_AMOUNT", "MEDD_STOCK",
    ]

    /// The catalog's entries: message ID → header and body lines.
    static func entries() throws -> [(id: String, lines: [String])] {
        let text = try String(contentsOf: catalogURL, encoding: .utf8)
        var result: [(id: String, lines: [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("-- ") {
                result.append((String(line.dropFirst(3)), []))
            } else if !result.isEmpty {
                result[result.count - 1].lines.append(line)
            }
        }
        return result
    }

    /// One entry per event kind, with distinct 128-bit IDs, each with Subject, `Defined-By: medd`, Support and a body
    /// whose `@FIELD@` substitutions name medd fields.
    @Test func catalogIsWellFormed() throws {
        let entries = try Self.entries()
        #expect(entries.count == EventKind.allCases.count)
        #expect(Set(entries.map(\.id)).count == entries.count)
        for entry in entries {
            #expect(entry.id.count == 32 && entry.id.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(entry.id)")
            let header = entry.lines.prefix { !$0.isEmpty }
            #expect(header.contains { $0.hasPrefix("Subject: ") && $0.count > 10 }, "\(entry.id)")
            #expect(header.contains("Defined-By: medd"), "\(entry.id)")
            #expect(header.contains { $0.hasPrefix("Support: ") }, "\(entry.id)")
            let body = entry.lines.dropFirst(header.count).joined(separator: "\n")
            #expect(body.trimmingCharacters(in: .whitespacesAndNewlines).count > 40, "\(entry.id) has a body")
            let substituted = (entry.lines.joined(separator: "\n")).split(separator: "@", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(Set(substituted).isSubset(of: Self.knownFields), "\(entry.id): \(substituted)")
        }
    }

    /// Installed as root, `journalctl --update-catalog` takes it: every ID is listed, one is looked up, and
    /// `journalctl -x` explains a real entry with its fields substituted. The installed copy is removed afterwards.
    @Test(.enabled(if: JournaldFixture.isRoot, "needs root to install into /usr/lib/systemd/catalog"))
    func journalctlUsesTheCatalog() async throws {
        let ids = try Self.entries().map(\.id)
        try? FileManager.default.removeItem(atPath: Self.installed)
        try FileManager.default.copyItem(atPath: Self.catalogURL.path, toPath: Self.installed)
        defer {
            try? FileManager.default.removeItem(atPath: Self.installed)
            JournaldFixture.run(JournalctlJSON.binary, ["--update-catalog"])
        }
        #expect(JournaldFixture.run(JournalctlJSON.binary, ["--update-catalog"]).status == 0)

        let listed = JournaldFixture.run(JournalctlJSON.binary, ["--no-pager", "--list-catalog"]).output
        for id in ids { #expect(listed.contains(id), "\(id) listed") }
        #expect(listed.contains("\(Self.firedID) medd: Dose due: @MEDD_MED_NAME@ @MEDD_DOSE@"), "\(listed.prefix(400))")
        let dumped = JournaldFixture.run(JournalctlJSON.binary, ["--no-pager", "--dump-catalog", Self.firedID]).output
        #expect(dumped.contains("Defined-By: medd") && dumped.contains("MEDD_EVENT=fired"), "\(dumped)")

        try #require(JournaldFixture.isAvailable, "the -x check needs a running systemd-journald")
        let id = JournaldFixture.uniqueID()
        try JournalWriter().send([("MESSAGE", "catalog probe"), ("MESSAGE_ID", Self.firedID), ("SYSLOG_IDENTIFIER", "medd-test"),
                                  ("MEDD_MED_NAME", "Metformin"), ("MEDD_DOSE", "500 mg"), ("MEDD_DOSE_ID", "metformin_20261122_08_00"),
                                  ("MEDD_SCHEDULED", "2026-11-22T08:00:00+01:00"), ("MEDD_TEST_ID", id)])
        _ = try await JournaldFixture.entries("MEDD_TEST_ID", id)
        let explained = JournaldFixture.run(JournalctlJSON.binary, ["--no-pager", "-x", "MEDD_TEST_ID=\(id)"]).output
        #expect(explained.contains("Subject: Dose due: Metformin 500 mg"), "\(explained)")
        #expect(explained.contains("medctl taken metformin_20261122_08_00"), "\(explained)")
    }
}
