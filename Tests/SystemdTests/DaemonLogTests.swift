import Glibc
import Logging
@testable import Systemd
import Testing

/// Where standard error goes decides how log lines are written: once, and readable where a person reads them.
@Suite struct DaemonLogTests {
    /// `$JOURNAL_STREAM` naming standard error's own device and inode means journald's stream; any
    /// other value, or none, does not.
    @Test func journalStreamIsRecognisedByDeviceAndInode() {
        var status = stat()
        #expect(fstat(STDERR_FILENO, &status) == 0)
        let own = "\(status.st_dev):\(status.st_ino)"
        #expect(StandardErrorDestination.current(journalStream: own) == .journal)
        #expect(StandardErrorDestination.current(journalStream: "\(status.st_dev):\(status.st_ino + 1)") != .journal)
        #expect(StandardErrorDestination.current(journalStream: "garbage") != .journal)
        #expect(StandardErrorDestination.current(journalStream: nil) != .journal)
    }

    /// A readable line names the level from warnings up and carries no `<N>` prefix.
    @Test func readableLinesHaveNoPriorityPrefix() {
        #expect(DaemonLog.ReadableLineHandler.line("medd", .info, "started") == "medd: started")
        #expect(DaemonLog.ReadableLineHandler.line("medd", .warning, "no bus") == "medd: warning: no bus")
        #expect(DaemonLog.ReadableLineHandler.line("medd", .critical, "ledger") == "medd: critical: ledger")
    }

    /// With no journald and standard error going to a pipe: each message once, readable, and one line
    /// (not one a message) saying the journal is missing.
    @Test(.enabled(if: JournaldFixture.isRoot, "needs root for a private mount namespace"))
    func missingJournalIsSaidOnceAndMessagesStayReadable() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            alarm(10)
            JournalUnavailableTests.hideJournalSockets()
            let logger = Logger(label: "medd") { DaemonLog.handler(label: $0, destination: .elsewhere) }
            logger.info("first")
            logger.warning("second")
            logger.info("third")
            exit(0)
        }
        let lines = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == [
            "medd: log messages are not reaching the journal (journal socket /run/systemd/journal/socket: No such file or directory); they are written here only",
            "medd: first",
            "medd: warning: second",
            "medd: third",
        ])
    }

    /// Under systemd (standard error is journald's stream) a message the socket refuses still reaches
    /// the stream, with the priority journald reads.
    @Test(.enabled(if: JournaldFixture.isRoot, "needs root for a private mount namespace"))
    func journalStreamFallbackKeepsThePriority() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            alarm(10)
            JournalUnavailableTests.hideJournalSockets()
            let logger = Logger(label: "medd") { DaemonLog.handler(label: $0, destination: .journal) }
            logger.error("gone")
            exit(0)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text == "medd: <3>gone (journal: journal socket /run/systemd/journal/socket: No such file or directory)\n")
    }
}
