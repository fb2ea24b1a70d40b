import Foundation
import Glibc
public import Logging
import MeddConfig
import MeddControl
import MeddCore
import MeddStore
import Systemd

/// The runtime: one sd-event loop that feeds time, signals and control calls to the dose book
/// and carries out the effects it returns (ledger first, then journal, hooks and watchers).
public final class Daemon: @unchecked Sendable {
    // @unchecked: everything here is confined to the thread that calls `run()`.
    let options: DaemonOptions
    let clock: DaemonClock
    let loop: EventLoop
    let log: Logger
    let ledger: Ledger
    let startedAt: Instant
    var book: DoseBook
    var server: ControlServer!
    var outbox: JournalOutbox!
    var hooks: HookRunner!
    var wake: WakeTimer!
    var retryAfterFailure: WakeTimer!
    var answerCommit: DeferredTask!
    var pendingAnswers: [PendingAnswer] = []
    var desktop: DesktopNotifier?
    /// `.alert` / `.closeAlert` effects of committed events, carried out when they are published.
    var desktopEffects: [Effect] = []
    var sources: [LoopSource] = []
    var clockWatcher: ClockChangeWatcher?
    var zoneWatcher: TimeZoneWatcher?
    var lastStatus = ""

    /// Loads the configuration, opens the ledger and rebuilds the dose book; nothing runs yet.
    public init(options: DaemonOptions, log: Logger) throws(DaemonStartError) {
        self.options = options
        self.log = log
        clock = DaemonClock(pretendNow: options.pretendNow)
        startedAt = clock.now()
        let configuration: Configuration
        switch ConfigLoader.load(path: options.configPath) {
        case .success(let loaded): configuration = loaded
        case .failure(let errors):
            throw DaemonStartError("\(errors)\nmedd: the configuration has errors; fix them (`medctl check`) and start again",
                                   exitStatus: DaemonStartError.configurationExitStatus)
        }
        do {
            loop = try EventLoop()
        } catch {
            throw DaemonStartError("medd: cannot create the event loop: \(error)")
        }
        do {
            ledger = try Ledger(directory: options.stateDirectory)
            book = try Self.restoredBook(configuration, from: ledger, now: startedAt)
        } catch {
            throw DaemonStartError("medd: \(error)")
        }
    }

    static func restoredBook(_ configuration: Configuration, from ledger: Ledger, now: Instant) throws(LedgerError) -> DoseBook {
        var book = DoseBook(configuration: configuration, localZone: TimeZone.current)
        try ledger.restore(into: &book)
        book.syncStock(now: now)
        return book
    }

    /// Opens the control socket, catches up on what came due while medd was down, tells the
    /// service manager it is ready, and runs until SIGTERM or SIGINT. Returns the exit status.
    public func run() throws(DaemonStartError) -> Int32 {
        let socket: ListeningSocket
        do {
            socket = try ListeningSocket.open(path: options.socketPath)
        } catch {
            throw DaemonStartError("medd: control socket: \(error)")
        }
        do {
            try wireUp(socket)
        } catch {
            throw DaemonStartError("medd: cannot set up the event loop: \(error)")
        }
        advance()
        // Events a crash or an absent journald left in the outbox go out now, not with the next event.
        outbox.flush()
        lastStatus = statusLine()
        Notifier.ready(status: lastStatus)
        log.info("medd \(MeddVersion.current) started; \(book.configuration.medications.count) medications; control socket \(socket.path)\(socket.activated ? " (socket-activated)" : "")\(clock.offsetUsec == 0 ? "" : "; pretend clock = real clock + \(clock.offsetUsec) µs")")
        let status: Int32
        do {
            status = try loop.run()
        } catch {
            log.critical("event loop failed: \(error)")
            return DaemonStartError.otherExitStatus
        }
        server.stop()
        if !socket.activated { unlink(socket.path) }
        return status
    }

    private func wireUp(_ socket: ListeningSocket) throws(SystemError) {
        signal(SIGPIPE, SIG_IGN)
        outbox = JournalOutbox(ledger: ledger, loop: loop, log: log)
        hooks = HookRunner(hooks: book.configuration.hooks, loop: loop, log: log)
        wake = WakeTimer(loop: loop) { [unowned self] _ in self.advance() }
        retryAfterFailure = WakeTimer(loop: loop) { [unowned self] _ in self.advance() }
        answerCommit = try DeferredTask(loop: loop) { [unowned self] in self.commitAnswers() }
        server = ControlServer(socket: socket, loop: loop, log: log) { [unowned self] call, connection in
            self.respond(to: call, from: connection)
        }
        try server.start()
        for stop in [SIGTERM, SIGINT] {
            sources.append(try loop.addSignal(stop) { [unowned self] signal in
                self.log.info("signal \(signal): stopping")
                Notifier.stopping()
                // Before the loop exits: sd-bus closes its connection in the loop's exit phase.
                self.desktop?.stop()
                self.loop.exit(code: 0)
            })
        }
        sources.append(try loop.addSignal(SIGHUP) { [unowned self] _ in _ = self.reload() })
        clockWatcher = try ClockChangeWatcher(loop: loop) { [unowned self] in self.clockChanged() }
        zoneWatcher = try TimeZoneWatcher(loop: loop) { [unowned self] in self.zoneChanged() }
        try loop.enableWatchdog()
        if options.desktop {
            let memory = (options.socketPath as NSString).deletingLastPathComponent + "/notifications"
            desktop = DesktopNotifier(loop: loop, log: log, memoryPath: memory, host: desktopHost())
            desktop?.start()
        }
    }
}
