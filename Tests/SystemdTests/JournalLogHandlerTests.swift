import Glibc
import Logging
@testable import Systemd
import Testing

/// The swift-log handler writes journal entries with priorities and metadata fields.
@Suite struct JournalLogHandlerTests {
    static func event(_ level: Logger.Level, metadata: Logger.Metadata? = nil, error: (any Error)? = nil) -> LogEvent {
        LogEvent(level: level, message: "hello", error: error, metadata: metadata, source: "Tests",
                 file: "SystemdTests/X.swift", function: "f()", line: 7)
    }

    /// Each log level maps to its syslog priority.
    @Test func priorityFollowsLevel() {
        let expected: [Logger.Level: Int] = [.trace: 7, .debug: 7, .info: 6, .notice: 5, .warning: 4, .error: 3, .critical: 2]
        for (level, priority) in expected { #expect(JournalLogHandler.priority(level) == priority, "\(level)") }
    }

    /// Metadata from the provider, the handler and the call merge (the call wins) into prefixed, valid names.
    @Test func metadataBecomesValidFields() {
        var handler = JournalLogHandler(label: "medd.test", identifier: "medd-test", fieldPrefix: "APP_",
                                        metadataProvider: Logger.MetadataProvider { ["from-provider": "p", "shared": "provider"] })
        handler[metadataKey: "shared"] = "handler"
        handler[metadataKey: "list"] = ["a", "b"]
        let fields = handler.journalFields(for: Self.event(.error, metadata: ["shared": "call", "dose.id": "x_20261122_08_00"]))
        let names = fields.map(\.0)
        #expect(Dictionary(fields, uniquingKeysWith: { $1 }) == [
            "MESSAGE": "hello", "PRIORITY": "3", "SYSLOG_IDENTIFIER": "medd-test", "SWIFT_LOG_LABEL": "medd.test",
            "SWIFT_LOG_SOURCE": "Tests", "APP_DOSE_ID": "x_20261122_08_00", "APP_FROM_PROVIDER": "p",
            "APP_LIST": #"["a", "b"]"#, "APP_SHARED": "call",
        ])
        #expect(names.count == Set(names).count)
        #expect(names.allSatisfy(JournalFieldName.isValid))
    }

    /// A logged error travels in its own field.
    @Test func errorHasItsOwnField() {
        let fields = JournalLogHandler(label: "x").journalFields(for: Self.event(.error, error: SystemError("probe", errno: EIO)))
        #expect(fields.contains { $0 == ("MEDD_ERROR", "probe: Input/output error") })
    }

    /// Through a real journald: the entry appears with its priority, identifier, code location and metadata intact.
    @Test(.enabled(if: JournaldFixture.isAvailable, "needs a running systemd-journald"))
    func entryAppearsInTheJournal() async throws {
        let id = JournaldFixture.uniqueID()
        var logger = Logger(label: "medd.test") { JournalLogHandler(label: $0, identifier: "medd-test") }
        logger[metadataKey: "test-id"] = "\(id)"
        let line = #line + 1
        logger.warning("dose overdue", metadata: ["dose.id": "metformin_20261122_08_00", "9lives": "yes", "note": "Müller\nzweite Zeile ✓"])
        logger.debug("below the level: not written")

        let entries = try await JournaldFixture.entries("MEDD_TEST_ID", id)
        try #require(entries.count == 1)
        let entry = entries[0]
        #expect(entry["MESSAGE"] == "dose overdue")
        #expect(entry["PRIORITY"] == "4")
        #expect(entry["SYSLOG_IDENTIFIER"] == "medd-test")
        #expect(entry["SWIFT_LOG_LABEL"] == "medd.test")
        #expect(entry["MEDD_DOSE_ID"] == "metformin_20261122_08_00")
        #expect(entry["MEDD_9LIVES"] == "yes")
        #expect(entry["MEDD_NOTE"] == "Müller\nzweite Zeile ✓")
        #expect(entry["CODE_FILE"] == "SystemdTests/JournalLogHandlerTests.swift")
        #expect(entry["CODE_LINE"] == String(line))
        #expect(entry["CODE_FUNC"] == "entryAppearsInTheJournal()")
    }
}
