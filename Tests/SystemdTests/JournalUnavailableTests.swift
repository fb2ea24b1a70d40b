import Glibc
import Logging
@testable import Systemd
import Testing

/// With no journald the writer throws a `SystemError` the caller can act on: no crash, no hang.
///
/// libsystemd 252 itself returns 0 when the socket is missing (it drops the entry "silently"), so the
/// ENOENT case checks the writer's own look at the socket; ECONNREFUSED comes from `sd_journal_sendv`.
///
/// Each test runs in a child process (an exit test) that moves its thread into a private mount namespace
/// with an empty tmpfs over /run/systemd/journal, so libsystemd's sender really finds no socket there,
/// while the real journald and the other tests are untouched. `alarm` turns a hang into a failure.
@Suite(.enabled(if: JournaldFixture.isRoot, "needs root for a private mount namespace"))
struct JournalUnavailableTests {
    /// Hides the journal's sockets from the calling thread (and only it); exits 90+ on failure.
    static func hideJournalSockets() {
        typealias Unshare = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(nil, "unshare") else { exit(90) }
        let unshare = unsafeBitCast(symbol, to: Unshare.self)
        let cloneNewNS: Int32 = 0x0002_0000
        guard unshare(cloneNewNS) == 0 else { exit(91) }
        guard mount(nil, "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else { exit(92) }
        mkdir("/run/systemd/journal", 0o755)
        guard mount("tmpfs", "/run/systemd/journal", "tmpfs", 0, nil) == 0 else { exit(93) }
    }

    /// No socket file (ENOENT) and a stale one nobody listens on (ECONNREFUSED) both throw, and say the journal is unavailable.
    @Test func writerThrowsWithoutJournald() async {
        await #expect(processExitsWith: .success) {
            alarm(10)
            JournalUnavailableTests.hideJournalSockets()
            do {
                try JournalWriter().send([("MESSAGE", "nobody listens")])
                exit(1)
            } catch let error as SystemError {
                guard error.errno == ENOENT, error.journalIsUnavailable,
                      error.description == "journal socket /run/systemd/journal/socket: No such file or directory" else { exit(2) }
            } catch { exit(3) }

            let stale = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            guard var address = try? SocketAddress(path: JournalWriter.socketPath) else { exit(8) }
            let bound = address.withSockaddr { bind(stale, $0, $1) }
            guard bound == 0 else { exit(4) }
            close(stale)
            do {
                try JournalWriter().send([("MESSAGE", "nobody listens")])
                exit(5)
            } catch let error as SystemError {
                guard error.errno == ECONNREFUSED, error.journalIsUnavailable, error.call == "sd_journal_sendv" else { exit(6) }
            } catch { exit(7) }
            exit(0)
        }
    }

    /// The log handler falls back to its fallback line instead of losing the message or crashing.
    @Test func logHandlerFallsBackToStandardError() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            alarm(10)
            JournalUnavailableTests.hideJournalSockets()
            let logger = Logger(label: "medd.test") { JournalLogHandler(label: $0, identifier: "medd-test") }
            logger.error("journal is gone")
            exit(0)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("medd-test: <3>journal is gone (journal: journal socket /run/systemd/journal/socket: No such file or directory)"), "\(stderr)")
    }
}
