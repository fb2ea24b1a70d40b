import MeddControl
import MeddCore
import Systemd
@testable import MeddDaemon

/// `ControlCalls` over an in-memory ledger holding `events`, answering a call as the control socket would:
/// for tests of one method from the ledger it reads.
final class ControlCallsHarness {
    let ledger = InMemoryLedger()
    /// Kept here: the runner holds its outlets unowned.
    let outlets: RecordingOutlets
    let runner: EffectRunner
    private let calls: ControlCalls
    private let connection: ControlConnection

    init(configuration: Configuration, localZone: ZoneRules, now: Instant, events: [DoseEvent]) throws {
        outlets = RecordingOutlets(now: now)
        runner = EffectRunner(book: DoseBook(configuration: configuration, localZone: localZone), ledger: ledger, outlets: outlets)
        _ = try ledger.commit(events, state: runner.book)
        calls = ControlCalls(runner: runner, ledger: ledger, clock: DaemonClock(pretendNow: now), startedAt: now,
                             backup: { _ in .reply([]) }, reload: { .success(()) })
        connection = ControlConnection(stream: try StreamConnection.pair().connection, dispatch: { _, _ in .reply([]) }, onClose: { _ in })
    }

    /// The response to one call, given as its JSON text.
    func respond(to message: String) throws -> ControlConnection.Response {
        calls.respond(to: try VarlinkCall(message: Array(message.utf8)), from: connection)
    }
}
