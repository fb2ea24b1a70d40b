public import Logging
import MeddConfig
import MeddControl
import MeddCore
import MeddStore
import MeddSystem
import Systemd

/// The runtime: one sd-event loop that feeds time, signals, control calls and notification buttons
/// to the `EffectRunner`, and the outlets through which the runner's commits leave the daemon.
public final class Daemon: @unchecked Sendable {
    // @unchecked: everything here is confined to the thread that calls `run()`.
    /// How long to wait before trying again when the ledger refused a commit.
    private static let ledgerRetryUsec: UInt64 = 5_000_000

    private let options: DaemonOptions
    private let clock: DaemonClock
    private let loop: EventLoop
    private let log: Logger
    private let ledger: any LedgerStore
    private let startedAt: Instant
    private var runner: EffectRunner!
    private var calls: ControlCalls!
    private var server: ControlServer!
    private var outbox: JournalOutbox!
    private var hooks: HookRunner!
    private var wake: WakeTimer!
    private var retryAfterFailure: WakeTimer!
    private var answerCommit: DeferredTask!
    private var backups: LedgerBackups!
    private var desktop: DesktopNotifier?
    private var presence: PresenceWatcher?
    private var lastReturn: Instant?
    private var sources: [LoopSource] = []
    private var clockWatcher: ClockChangeWatcher?
    private var zoneWatcher: TimeZoneWatcher?
    private var lastStatus = ""

    /// Loads the configuration, opens the ledger and rebuilds the dose book; nothing runs yet.
    /// A configuration with errors stops here, before the ledger is created.
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
        self.options = options
        self.log = log
        self.ledger = ledger
        clock = DaemonClock(pretendNow: options.pretendNow)
        startedAt = clock.now()
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
        runner = EffectRunner(book: book, ledger: ledger, outlets: self)
        calls = ControlCalls(runner: runner, ledger: ledger, clock: clock, startedAt: startedAt,
                             desktop: { [unowned self] in self.desktopStatus() },
                             backup: { [unowned self] in self.backups.start(for: $0) }) { [unowned self] in self.reload() }
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
        // Ahead of what comes due now, as they came first.
        resumeUnfinishedHookRuns()
        advance()
        // Events a crash or an absent journald left in the outbox go out now, not with the next event.
        outbox.flush()
        lastStatus = statusLine()
        Notifier.ready(status: lastStatus)
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

    private func wireUp(_ socket: ListeningSocket) throws(SystemError) {
        try Signal.brokenPipe.ignore()
        outbox = JournalOutbox(ledger: ledger, loop: loop, log: log) { [unowned self] in runner.book.configuration.journalFields(of: $0) }
        hooks = HookRunner(hooks: runner.book.configuration.hooks, loop: loop, ledger: ledger, log: log) { [unowned self] in
            runner.book.configuration.journalFields(of: $0)
        }
        wake = WakeTimer(loop: loop) { [unowned self] _ in self.advance() }
        // A zone change the ledger could not take is applied on the retry.
        retryAfterFailure = WakeTimer(loop: loop) { [unowned self] _ in
            self.applyLocalZone(missingIsUTC: false)
            self.advance()
        }
        answerCommit = try DeferredTask(loop: loop) { [unowned self] in self.runner.commitWaitingAnswers() }
        backups = try LedgerBackups(folder: FileSystem.absolute(options.stateDirectory) + "/" + LedgerBackups.folderName,
                                    ledger: ledger, loop: loop, pagesPerStep: options.backupPagesPerStep, log: log)
        backups.removeStale()
        server = ControlServer(socket: socket, loop: loop, log: log) { [unowned self] call, connection in
            self.calls.respond(to: call, from: connection)
        }
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
        if options.desktop {
            let memory = FileSystem.directory(of: options.socketPath) + "/notifications"
            presence = PresenceWatcher(loop: loop, log: log, userID: CurrentProcess.userID,
                                       returned: { [unowned self] in self.personReturned($0) },
                                       resumedBehindLock: { [unowned self] in self.advance() })
            desktop = DesktopNotifier(loop: loop, log: log, memoryPath: memory, host: desktopHost())
            presence?.start()
            desktop?.start()
        }
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
        defer { Notifier.reloaded(status: statusLine()) }
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

    private func desktopHost() -> DesktopNotifier.Host {
        DesktopNotifier.Host(
            content: { [unowned self] alert, capabilities, rings in
                let configuration = runner.book.configuration
                let medication = alert.dose.medication
                let context = NotificationContent.ReminderContext(
                    person: configuration.person(ofMedication: medication), notes: configuration.subject(medication)?.notes,
                    snoozeLengths: configuration.settings.snooze, style: configuration.alertStyle(ofMedication: medication),
                    rings: rings, now: clock.now(),
                    measuring: configuration.measurement(medication).map { ($0, runner.book.records[alert.dose.id]?.readings.count ?? 0) })
                return NotificationContent.reminder(alert, context, capabilities: capabilities)
            },
            now: { [unowned self] in clock.now() },
            ringsAgainAfter: { [unowned self] in
                let renotify = runner.book.settings.renotify
                return renotify > .zero ? renotify : nil
            },
            pendingAlerts: { [unowned self] in
                runner.book.shownPendingDoses.map { DoseBook.Alert(dose: $0.dose, kind: .renotified, isReturn: true) }
            },
            answer: { [unowned self] dose, action in answerFromDesktop(dose, action) },
            person: { [unowned self] in person(ofMedication: $0) },
            sessionBusOpened: { [unowned self] in presence?.sessionBusOpened($0) },
            sessionBusUnavailable: { [unowned self] in presence?.sessionBusUnavailable() },
            sessionBusClosed: { [unowned self] in presence?.sessionBusClosed() })
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

    private func statusLine() -> String {
        let book = runner.book
        let pending = book.count(of: .pending)
        let snoozed = book.count(of: .snoozed)
        let next = book.nextDose(after: clock.now()).map { "next dose \($0.id) at \($0.scheduledText)" } ?? "no dose planned"
        return "\(next); \(pending) pending, \(snoozed) snoozed"
    }
}

/// The runner's commits leaving the daemon, in the order `EffectRunner` calls these.
extension Daemon: EffectOutlets {
    func now() -> Instant { clock.now() }

    func scheduleAnswerCommit() { answerCommit.schedule() }

    func showOnDesktop(_ changes: [DoseBook.Effect], events: [DoseEvent]) {
        guard let desktop else { return }
        for change in changes {
            switch change {
            case .alert(let alert): desktop.show(alert)
            case .closeAlert(let id): desktop.close(id)
            case .record, .recordImported, .wakeUp: break
            }
        }
        let configuration = runner.book.configuration
        for event in events {
            if event.kind.isNotice {
                desktop.showNotice(event)
            } else if event.kind == .refilled, let level = event.refill?.stock,
                      configuration.medication(event.dose.medication).map({ !$0.isLow(level) }) ?? false {
                desktop.withdrawStockNotice(of: event.dose.medication)
            }
        }
    }

    func journal(_ entries: [(seq: Int64, event: DoseEvent)]) {
        if options.echoEvents {
            for (_, event) in entries {
                let message = event.journalMessage(person: person(ofMedication: event.dose.medication))
                StandardErrorDestination.write("medd: \(event.kind.rawValue): \(message)")
            }
        }
        outbox.enqueue(entries)
        outbox.flush()
    }

    func runHooks(_ runs: [HookRun]) { hooks.run(runs) }

    func notifyWatchers(_ events: [DoseEvent]) {
        guard server.watcherCount > 0 else { return }
        let book = runner.book
        for event in events {
            // A refill's dose names only the medication and its minute, which a dose may share.
            let record = event.kind == .refilled ? DoseRecord(dose: event.dose) : book.records[event.dose.id] ?? DoseRecord(dose: event.dose)
            var parameters: [String: JSONValue] = [
                "event": .string(event.kind.rawValue),
                "at": .string(event.at.format(offsetSeconds: event.dose.utcOffset)),
                "dose": record.varlinkValue(in: book.configuration),
            ]
            if let reading = event.readingValue(person: book.configuration.person(ofMedication: event.dose.medication)?.id) {
                parameters["reading"] = reading
            }
            if let refill = event.refill {
                parameters["amount"] = .decimal(refill.amount)
                parameters["stock"] = .decimal(refill.stock)
            }
            server.broadcast(VarlinkReply.parameters(parameters, continues: true))
        }
    }

    /// Sends `STATUS=` to the service manager when the line changed.
    func updateStatus() {
        let line = statusLine()
        guard line != lastStatus else { return }
        lastStatus = line
        Notifier.status(line)
    }

    func armWakeUp(at instant: Instant?) {
        do {
            try wake.arm(atRealtimeUsec: instant.map { clock.realUsec(of: $0) })
        } catch {
            log.critical("cannot arm the wake-up timer: \(error)")
        }
    }

    func ledgerFailed(_ error: LedgerError, rereadFailure: LedgerError?) {
        log.critical("ledger: \(error); retrying in \(Self.ledgerRetryUsec / 1_000_000) s — answers are refused until it works")
        if let rereadFailure { log.critical("ledger: cannot re-read it either: \(rereadFailure)") }
        try? retryAfterFailure.arm(atRealtimeUsec: EventLoop.wallClockUsec() + Self.ledgerRetryUsec)
    }
}
