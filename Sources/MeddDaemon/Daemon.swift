public import Logging
import MeddConfig
import MeddControl
import MeddCore
import MeddStore
import MeddSystem
import Systemd

/// The runtime: one sd-event loop that feeds time, signals, control calls and notification buttons
/// to the `EffectRunner`, whose commits leave through `DaemonOutlets`. Every part is built in `init`,
/// complete, before anything runs; `run()` starts them.
public final class Daemon: @unchecked Sendable {
    // @unchecked: everything here is confined to the thread that calls `run()`.

    /// The daemon as the handlers of its own parts reach it. The parts are built before the daemon that
    /// holds them, so their handlers cannot name it yet; they go through this, which `init` binds to the
    /// daemon as its last step. Handlers run only from the loop, which runs only in `run()`; the
    /// reference is weak because the daemon owns the parts that hold it.
    private final class Reach {
        private weak var bound: Daemon?

        var daemon: Daemon {
            guard let bound else { preconditionFailure("a part of medd's daemon called it before it was built or after it was gone") }
            return bound
        }

        func bind(_ daemon: Daemon) { bound = daemon }
    }

    private let options: DaemonOptions
    private let clock: DaemonClock
    private let loop: EventLoop
    private let log: Logger
    private let ledger: any LedgerStore
    private let startedAt: Instant
    private let socket: ListeningSocket
    private let runner: EffectRunner
    private let outlets: DaemonOutlets
    private let calls: ControlCalls
    private let server: ControlServer
    private let outbox: JournalOutbox
    private let hooks: HookRunner
    private let backups: LedgerBackups
    private let desktop: DesktopNotifier?
    private let presence: PresenceWatcher?
    private var lastReturn: Instant?
    private var sources: [LoopSource] = []
    private var clockWatcher: ClockChangeWatcher?
    private var zoneWatcher: TimeZoneWatcher?

    /// Loads the configuration, opens the ledger, rebuilds the dose book and opens the control socket;
    /// nothing runs yet. A configuration with errors stops here, before the ledger is created.
    public convenience init(options: DaemonOptions, log: Logger) throws(DaemonStartError) {
        let configuration: Configuration
        switch ConfigLoader.load(path: options.configPath) {
        case .success(let loaded): configuration = loaded
        case .failure(let errors):
            throw DaemonStartError("\(errors)\nmedd: the configuration has errors; fix them (`medctl check`) and start again",
                                   exitStatus: DaemonStartError.configurationExitStatus)
        }
        let ledger: Ledger
        do {
            ledger = try Ledger(directory: options.stateDirectory)
        } catch {
            throw DaemonStartError("medd: \(error)")
        }
        try self.init(options: options, configuration: configuration, ledger: ledger, log: log)
    }

    /// The same over any ledger: the SQLite one, or a test's in-memory one.
    init(options: DaemonOptions, configuration: Configuration, ledger: any LedgerStore, log: Logger) throws(DaemonStartError) {
        let clock = DaemonClock(pretendNow: options.pretendNow)
        let startedAt = clock.now()
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            throw DaemonStartError("medd: cannot create the event loop: \(error)")
        }
        let book: DoseBook
        do {
            book = try EffectRunner.restoredBook(configuration, localZone: Self.localZone(log: log), from: ledger, now: startedAt)
        } catch {
            throw DaemonStartError("medd: \(error)")
        }
        let socket: ListeningSocket
        do {
            socket = try ListeningSocket.open(path: options.socketPath)
        } catch {
            throw DaemonStartError("medd: control socket: \(error)")
        }
        let reach = Reach()
        let journalFields = { [reach] (event: DoseEvent) -> [(String, String)] in
            reach.daemon.runner.book.configuration.journalFields(of: event)
        }
        let parts: DaemonOutlets.Parts
        let backups: LedgerBackups
        do {
            parts = DaemonOutlets.Parts(
                outbox: JournalOutbox(ledger: ledger, loop: loop, log: log, fields: journalFields),
                hooks: HookRunner(hooks: configuration.hooks, loop: loop, ledger: ledger, log: log, fields: journalFields),
                server: ControlServer(socket: socket, loop: loop, log: log) { [reach] call, connection in
                    reach.daemon.calls.respond(to: call, from: connection)
                },
                desktop: options.desktop
                    ? DesktopNotifier(loop: loop, log: log, memoryPath: FileSystem.directory(of: options.socketPath) + "/notifications",
                                      host: Self.desktopHost(reach, clock: clock))
                    : nil,
                wake: WakeTimer(loop: loop) { [reach] _ in reach.daemon.advance() },
                // A zone change the ledger could not take is applied on the retry.
                retryAfterFailure: WakeTimer(loop: loop) { [reach] _ in
                    reach.daemon.applyLocalZone(missingIsUTC: false)
                    reach.daemon.advance()
                },
                answerCommit: try DeferredTask(loop: loop) { [reach] in reach.daemon.runner.commitWaitingAnswers() })
            backups = try LedgerBackups(folder: FileSystem.absolute(options.stateDirectory) + "/" + LedgerBackups.folderName,
                                        ledger: ledger, loop: loop, pagesPerStep: options.backupPagesPerStep, log: log)
        } catch {
            throw DaemonStartError("medd: cannot set up the event loop: \(error)")
        }
        let outlets = DaemonOutlets(parts, clock: clock, log: log, echoEvents: options.echoEvents)
        let runner = EffectRunner(book: book, ledger: ledger, outlets: outlets)
        self.options = options
        self.clock = clock
        self.loop = loop
        self.log = log
        self.ledger = ledger
        self.startedAt = startedAt
        self.socket = socket
        self.runner = runner
        self.outlets = outlets
        server = parts.server
        outbox = parts.outbox
        hooks = parts.hooks
        desktop = parts.desktop
        self.backups = backups
        calls = ControlCalls(runner: runner, ledger: ledger, clock: clock, startedAt: startedAt,
                             desktop: { [reach] in reach.daemon.desktopStatus() },
                             backup: { [backups] in backups.start(for: $0) }) { [reach] in
            reach.daemon.reload()
        }
        presence = options.desktop
            ? PresenceWatcher(loop: loop, log: log, userID: CurrentProcess.userID,
                              returned: { [reach] in reach.daemon.personReturned($0) },
                              resumedBehindLock: { [reach] in reach.daemon.advance() })
            : nil
        reach.bind(self)
    }

    /// Starts listening on the control socket, catches up on what came due while medd was down, tells
    /// the service manager it is ready, and runs until SIGTERM or SIGINT. Returns the exit status.
    public func run() throws(DaemonStartError) -> Int32 {
        do {
            try start()
        } catch {
            throw DaemonStartError("medd: cannot set up the event loop: \(error)")
        }
        // Ahead of what comes due now, as they came first.
        resumeUnfinishedHookRuns()
        advance()
        // Events a crash or an absent journald left in the outbox go out now, not with the next event.
        outbox.flush()
        outlets.ready(runner.book)
        log.info("medd \(MeddVersion.current) started; \(runner.book.configuration.medications.count) medications; control socket \(socket.path)\(socket.activated ? " (socket-activated)" : "")\(pretendClockText)")
        let status: Int32
        do {
            status = try loop.run()
        } catch {
            log.critical("event loop failed: \(error)")
            return DaemonStartError.otherExitStatus
        }
        server.stop()
        if !socket.activated { socket.unlink() }
        return status
    }

    private func start() throws(SystemError) {
        try Signal.brokenPipe.ignore()
        backups.removeStale()
        try server.start()
        for stop in [Signal.terminate, Signal.interrupt] {
            sources.append(try loop.addSignal(stop) { [unowned self] signal in
                self.log.info("signal \(signal): stopping")
                Notifier.stopping()
                self.hooks.stop()
                // Answers accepted in this loop pass are committed and acknowledged before medd goes
                // (a restart for an upgrade must lose none); the next pass would never come. Their
                // hooks wait in the ledger.
                self.runner.commitWaitingAnswers()
                // Before the loop exits: sd-bus closes its connection in the loop's exit phase.
                self.desktop?.stop()
                self.presence?.stop()
                self.loop.exit(code: 0)
            })
        }
        sources.append(try loop.addSignal(.hangUp) { [unowned self] _ in _ = self.reload() })
        clockWatcher = try ClockChangeWatcher(loop: loop) { [unowned self] in self.clockChanged() }
        try watchLocalZone()
        applyLocalZone(missingIsUTC: true)  // a change between reading the zone at start and watching it
        try loop.enableWatchdog()
        presence?.start()
        desktop?.start()
    }

    /// The hook runs an earlier medd recorded and did not see end (it stopped or was killed) start again.
    private func resumeUnfinishedHookRuns() {
        do {
            hooks.resume(try ledger.unfinishedHookRuns())
        } catch {
            log.error("cannot read the hook runs that did not finish; they are tried at the next start: \(error)")
        }
    }

    /// Every wake-up comes through here.
    private func advance() {
        runner.advance(to: clock.now())
    }

    // MARK: The world changing under the daemon

    /// Re-reads the configuration (SIGHUP or `Reload`). A bad file keeps the running
    /// configuration; its errors are logged and returned, one `PATH:LINE:COLUMN: message` each.
    private func reload() -> Result<Void, ControlCalls.ReloadErrors> {
        Notifier.reloading()
        defer { Notifier.reloaded(status: outlets.statusLine(runner.book)) }
        desktop?.retryIfDisconnected()
        presence?.retryIfDisconnected()
        let configuration: Configuration
        switch ConfigLoader.load(path: options.configPath) {
        case .success(let loaded): configuration = loaded
        case .failure(let errors):
            let lines = errors.diagnostics.map(\.description)
            log.error("reload refused, the previous configuration stays:\n\(lines.joined(separator: "\n"))")
            return .failure(.invalid(lines: lines))
        }
        let now = clock.now()
        if let error = runner.change(at: now, settings: configuration.settings, { $0.reload(configuration, now: now) }) {
            log.error("reload not carried out, the previous configuration stays: the dose history could not be read: \(error)")
            return .failure(.storage(error))
        }
        hooks.hooks = runner.book.configuration.hooks
        log.info("configuration reloaded: \(configuration.medications.count) medications, \(configuration.hooks.count) hooks")
        return .success(())
    }

    /// The wall clock was set or the machine resumed: re-arm from the new now. The dose book's
    /// catch-up rule decides what fires, so a long suspend never floods.
    private func clockChanged() {
        log.notice("the system clock changed (set or resumed); re-checking due doses")
        advance()
    }

    /// The person is back at the screen (unlocked, screensaver ended, resumed): what came due is brought up
    /// to date and open reminders are shown again at once, not at the next renotify.
    /// Returns closer together than the book's quiet period are one (GNOME reports an unlock through
    /// logind and its screensaver): only the first reaches the book and the ledger. A resume still brings
    /// the book up to date, however soon after another return it comes.
    private func personReturned(_ why: DoseBook.Return) {
        let now = clock.now()
        if let last = lastReturn, now >= last, now < last + DoseBook.returnQuietPeriod {
            if why == .resumed { runner.advance(to: now) }
            return
        }
        lastReturn = now
        runner.change(at: now) { $0.personReturned(why, now: now) }
    }

    /// A file defining the local zone changed (`/etc/localtime` pointed elsewhere, or a zone file
    /// replaced by a tzdata upgrade). The files are watched again before they are read, so a change
    /// in between is not missed.
    private func zoneChanged() {
        do {
            try watchLocalZone()
        } catch {
            log.error("cannot watch the local zone's files: \(error)")
        }
        applyLocalZone(missingIsUTC: false)
    }

    /// When the local zone's rules differ from the book's, `timezone = "local"` schedules move with
    /// them. A zone that cannot be read keeps the book's: a file being replaced is missing or partly
    /// written for a moment, and the watcher fires again once it is complete.
    private func applyLocalZone(missingIsUTC: Bool) {
        let previous = runner.book.localZone
        let zone: ZoneRules
        do {
            zone = try SystemZones.localZone(missingIsUTC: missingIsUTC)
        } catch {
            log.warning("cannot read the local time zone, keeping \(previous.name): \(error)")
            return
        }
        guard zone != previous else { return }
        if zone.name == previous.name {
            log.notice("the rules of the system time zone \(zone.name) changed")
        } else {
            log.notice("the system time zone changed from \(previous.name) to \(zone.name)")
        }
        let now = clock.now()
        runner.change(at: now) { $0.changeLocalZone(to: zone, now: now) }
    }

    /// Watches the files the local zone is read from now (they change when `/etc/localtime` does).
    private func watchLocalZone() throws(SystemError) {
        zoneWatcher = nil
        zoneWatcher = try TimeZoneWatcher(loop: loop, files: SystemZones.localZoneFiles()) { [unowned self] in self.zoneChanged() }
    }

    /// The local zone; UTC, as glibc does, when `TZ` or `/etc/localtime` cannot be read.
    private static func localZone(log: Logger) -> ZoneRules {
        do {
            return try SystemZones.localZone()
        } catch {
            log.error("cannot read the local time zone, using UTC: \(error)")
            return .utc
        }
    }

    // MARK: The desktop

    private static func desktopHost(_ reach: Reach, clock: DaemonClock) -> DesktopNotifier.Host {
        DesktopNotifier.Host(
            content: { [reach] alert, capabilities, rings in reach.daemon.reminder(alert, capabilities: capabilities, rings: rings) },
            now: { clock.now() },
            ringsAgainAfter: { [reach] in
                let renotify = reach.daemon.runner.book.settings.renotify
                return renotify > .zero ? renotify : nil
            },
            pendingAlerts: { [reach] in
                reach.daemon.runner.book.shownPendingDoses.map { DoseBook.Alert(dose: $0.dose, kind: .renotified, isReturn: true) }
            },
            answer: { [reach] dose, action in reach.daemon.answerFromDesktop(dose, action) },
            person: { [reach] in reach.daemon.person(ofMedication: $0) },
            sessionBusOpened: { [reach] in reach.daemon.presence?.sessionBusOpened($0) },
            sessionBusUnavailable: { [reach] in reach.daemon.presence?.sessionBusUnavailable() },
            sessionBusClosed: { [reach] in reach.daemon.presence?.sessionBusClosed() })
    }

    /// A reminder's notification as the running configuration words it.
    private func reminder(_ alert: DoseBook.Alert, capabilities: Set<String>, rings: Bool) -> NotificationContent {
        let configuration = runner.book.configuration
        let medication = alert.dose.medication
        let context = NotificationContent.ReminderContext(
            person: configuration.person(ofMedication: medication), notes: configuration.subject(medication)?.notes,
            snoozeLengths: configuration.settings.snooze, style: configuration.alertStyle(ofMedication: medication),
            rings: rings, now: clock.now(),
            measuring: configuration.measurement(medication).map { ($0, runner.book.records[alert.dose.id]?.readings.count ?? 0) })
        return NotificationContent.reminder(alert, context, capabilities: capabilities)
    }

    /// `Status`'s `desktop`: the notification server medd reaches and what it watches for the person's return.
    private func desktopStatus() -> JSONValue? {
        guard let desktop, let presence else { return nil }
        var status: [String: JSONValue] = [
            "capabilities": .array((desktop.serverDescription?.capabilities ?? []).map(JSONValue.string)),
            "lockWatching": .bool(presence.state.session != nil),
            "resumeWatching": .bool(presence.state.logind),
            "screensavers": .array(presence.state.screensavers.map(JSONValue.string)),
        ]
        if let server = desktop.serverDescription {
            status["server"] = .string(server.name)
            status["serverVersion"] = .string(server.version)
        }
        if let session = presence.state.session { status["session"] = .string(session) }
        return .object(status)
    }

    /// A notification button: the same answer path as the control socket (group commit included),
    /// with `MEDD_SOURCE=desktop`.
    private func answerFromDesktop(_ dose: DoseID, _ action: DesktopAction) {
        let now = clock.now()
        let target = dose.description
        let refusal = runner.answer(to: target, at: now, { book in
            switch action {
            case .taken: book.take(target, source: .desktop, now: now)
            case .snooze(let length): book.snooze(target, length: length, source: .desktop, now: now)
            case .skip: book.skip(target, source: .desktop, now: now)
            }
        }, acknowledge: { _, _ in })
        switch refusal {
        case .rejected(let rejection): log.notice("desktop: \(action.key) on \(dose) refused: \(rejection)")
        case .unreadable(let error): log.error("desktop: \(action.key) on \(dose) not taken, the ledger cannot be read: \(error)")
        case nil: break
        }
    }

    /// Whom a medication is for, as the running configuration says: journal entries, hooks and
    /// notifications name the person the configuration names when they are written.
    private func person(ofMedication id: String) -> Person? {
        runner.book.configuration.person(ofMedication: id)
    }

    /// `; pretending it is …` under `--pretend-now`, in the local zone.
    private var pretendClockText: String {
        guard clock.offsetUsec != 0 else { return "" }
        return "; clock set to \(runner.book.localZone.format(startedAt)) at start by --pretend-now, running at real speed"
    }
}
