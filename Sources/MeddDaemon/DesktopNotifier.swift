import Logging
import MeddCore
import Systemd

/// Shows fired doses as freedesktop notifications on the session bus and turns their buttons
/// into answers. Notifications are lossy — the journal, hooks and medctl never depend on them —
/// so a missing bus or server costs one warning, and medd picks up again when one appears:
/// the server through `NameOwnerChanged`, the bus through inotify on its socket. Nothing polls.
final class DesktopNotifier {
    /// What the notifier asks of the daemon.
    struct Host {
        /// The notification for an alert, given the server's capabilities and whether it may ring.
        var content: (DoseBook.Alert, Set<String>, Bool) -> NotificationContent
        /// The daemon's clock, and how long a dose stays quiet after it rang (`renotify`; nil never rings again).
        var now: () -> Instant
        var ringsAgainAfter: () -> TimeSpan?
        /// The doses that should be on screen now (pending ones), to re-show on a new server.
        var pendingAlerts: () -> [DoseBook.Alert]
        /// A button was pressed on a dose's notification.
        var answer: (DoseID, DesktopAction) -> Void
        /// Whom the medication with this ID is for.
        var person: (String) -> Person?
        /// The session bus connected (again), or could not be reached: others follow signals on it too.
        var sessionBusOpened: (Bus) -> Void = { _ in }
        var sessionBusUnavailable: () -> Void = {}
        var sessionBusClosed: () -> Void = {}
    }

    /// A `Notify` sent for a dose whose reply (the notification's id) has not come back yet, and what
    /// was asked of that dose meanwhile.
    struct InFlightNotify {
        /// The dose was answered while the call was out: close the notification once its id is known.
        var closeWhenShown = false
        /// A re-alert that came while the call was out: shown (replacing) once its id is known.
        var followUp: DoseBook.Alert?
    }

    /// A `Notify` not answered within this is given up (the dose is still pending; renotify retries).
    static let callTimeoutUsec: UInt64 = 10_000_000
    /// After the bus socket appears, connecting is retried this often, this many times (the
    /// socket file exists a moment before the bus listens on it).
    static let connectRetryUsec: UInt64 = 200_000
    static let connectRetries = 25

    private let loop: EventLoop
    private let log: Logger
    private let host: Host
    private let environment: [String: String]
    private var bus: Bus?
    private var matches: [BusMatch] = []
    private var busWatch: LoopSource?
    private var connectRetry: WakeTimer?
    private var connectAttemptsLeft = 0
    /// The unique name of the server owning `org.freedesktop.Notifications`, when known.
    private var server: String?
    /// The server's capabilities; nil until it answered `GetCapabilities`.
    private var capabilities: Set<String>?
    private var askingCapabilities = false
    /// Bumped whenever the server changes or leaves, so replies from an old one are ignored.
    private var generation = 0
    /// The notification id showing each dose, and back.
    private var shown: [DoseID: UInt32] = [:]
    private var doseShown: [UInt32: DoseID] = [:]
    private var inFlight: [DoseID: InFlightNotify] = [:]
    /// When each dose's notification last asked for a sound: a re-show on return rings at most once per `renotify`.
    private var rang: [DoseID: Instant] = [:]
    /// The name and version the server gave in `GetServerInformation`.
    private var serverInformation: (name: String, version: String)?

    /// The server reached, for `medctl status`: nil until it told its capabilities.
    var serverDescription: (name: String, version: String, capabilities: [String])? {
        guard let capabilities else { return nil }
        return (serverInformation?.name ?? server ?? "unknown", serverInformation?.version ?? "", capabilities.sorted())
    }
    /// The notice shown per medication and subject (`showNotice`), replaced by the next one.
    private var noticeShown: [String: UInt32] = [:]
    private var noticesWaiting: [DoseEvent] = []
    /// Alerts that came before the server told its capabilities (a dose's latest), shown once it has: an
    /// escalation must replace the normal notification a predecessor left, not wait for the next renotify.
    private var alertsWaiting: [DoseID: DoseBook.Alert] = [:]
    /// One warning per outage, not one per dose.
    private var warnedUnavailable = false
    /// Where `shown` is kept for a successor after a crash, and what a predecessor left there.
    private let memoryPath: String?
    private var inherited: ShownNotifications?
    private var lastSaved: ShownNotifications?

    init(loop: EventLoop, log: Logger, environment: [String: String] = ProcessEnvironment.variables,
         memoryPath: String?, host: Host) {
        self.loop = loop
        self.log = log
        self.environment = environment
        self.memoryPath = memoryPath
        self.host = host
    }

    /// Connects to the session bus, or waits for it to appear.
    func start() {
        inherited = memoryPath.flatMap(ShownNotifications.load(from:))
        connect()
    }

    /// Keeps the dose → notification map beside the control socket while a server shows them.
    func remember() {
        guard let memoryPath else { return }
        let current = server.map { ShownNotifications(server: $0, ids: shown) }
        guard current != lastSaved else { return }
        lastSaved = current
        guard let current, !current.ids.isEmpty else { return ShownNotifications.remove(at: memoryPath) }
        do {
            try current.save(to: memoryPath)
        } catch {
            log.debug("desktop: cannot write \(memoryPath): \(error)")
        }
    }

    /// Closes every notification medd shows (they cannot be answered while it is down) and the bus.
    func stop() {
        for id in shown.values { closeNotification(id) }
        bus?.flush()
        disconnect()
        busWatch = nil
        connectRetry = nil
    }

    /// A reload is a chance to retry a bus that could not be watched (an abstract socket).
    func retryIfDisconnected() {
        if bus == nil { connect() }
    }

    func connect() {
        let opened: Bus
        do {
            opened = try Bus.openUser(on: loop)
            matches = [
                try opened.addMatch(BusDriver.ownerChangedRule(FreedesktopNotifications.name)) { [unowned self] in self.ownerChanged($0) },
                try opened.addMatch(FreedesktopNotifications.signalRule("ActionInvoked")) { [unowned self] in self.actionInvoked($0) },
                try opened.addMatch(FreedesktopNotifications.signalRule("NotificationClosed")) { [unowned self] in self.notificationClosed($0) },
                try opened.addMatch(BusDriver.disconnectedRule) { [unowned self] _ in self.busLost() },
            ]
        } catch {
            matches = []
            if connectAttemptsLeft > 0 { return retryConnect() }
            host.sessionBusUnavailable()
            unavailable("no session bus (\(error))")
            watchForBus()
            return
        }
        bus = opened
        busWatch = nil
        connectRetry = nil
        connectAttemptsLeft = 0
        log.info("desktop: connected to the session bus")
        host.sessionBusOpened(opened)
        do {
            try opened.call(BusDriver.getNameOwner(FreedesktopNotifications.name), timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
                if case .success(let reply) = result, let owner = try? reply.readString() {
                    self.serverAppeared(owner)
                } else {
                    self.unavailable("no notification server on the session bus yet")
                }
            }
        } catch {
            log.warning("desktop: cannot ask the bus for the notification server: \(error)")
        }
    }

    func disconnect() {
        matches = []
        if bus != nil { host.sessionBusClosed() }
        bus?.close()
        bus = nil
        serverGone()
    }

    private func busLost() {
        disconnect()
        unavailable("the session bus closed the connection")
        watchForBus()
    }

    /// Waits (inotify, no polling) for the bus socket to be created, then connects.
    private func watchForBus() {
        guard busWatch == nil else { return }
        guard let path = SessionBusSocket.path(environment: environment) else {
            log.warning("desktop: the session bus address is not a socket file medd can watch; notifications resume after a reload (SIGHUP)")
            return
        }
        let directory = FileSystem.directory(of: path)
        let name = FileSystem.name(of: path)
        do {
            busWatch = try loop.addInotify(path: directory, events: [.created, .movedIn]) { [unowned self] created in
                guard created == name, self.bus == nil else { return }
                self.connectAttemptsLeft = Self.connectRetries
                self.connect()
            }
        } catch {
            log.warning("desktop: cannot watch \(directory) for the session bus: \(error); notifications resume after a reload (SIGHUP)")
        }
    }

    private func retryConnect() {
        connectAttemptsLeft -= 1
        if connectRetry == nil { connectRetry = WakeTimer(loop: loop) { [unowned self] _ in self.connect() } }
        try? connectRetry?.arm(atRealtimeUsec: EventLoop.wallClockUsec() + Self.connectRetryUsec)
    }

    func unavailable(_ reason: String) {
        guard !warnedUnavailable else { return }
        warnedUnavailable = true
        log.warning("desktop notifications unavailable: \(reason); doses still go to the journal and hooks, and notifications start when a server appears")
    }
}

/// Showing, replacing and closing notifications, and what the server tells us about them.
extension DesktopNotifier {
    /// Shows a dose's alert, replacing its notification if one is up (a re-alert never stacks).
    func show(_ alert: DoseBook.Alert) {
        guard let bus else { return }
        let id = alert.dose.id
        guard let capabilities else {
            alertsWaiting[id] = alert
            return askCapabilities()
        }
        if inFlight[id] != nil {
            inFlight[id]!.followUp = alert
            inFlight[id]!.closeWhenShown = false
            return
        }
        let now = host.now()
        let rings = Self.mayRing(alert, lastRang: rang[id], now: now, quietFor: host.ringsAgainAfter())
        let content = host.content(alert, capabilities, rings)
        if rings, content.sound != nil { rang[id] = now }
        let call = content.notifyCall(replacing: shown[id] ?? 0)
        let sentIn = generation
        inFlight[id] = InFlightNotify()
        do {
            try bus.call(call, timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
                self.notified(id, generation: sentIn, result)
            }
        } catch {
            inFlight[id] = nil
            log.warning("desktop: cannot send the notification for \(id): \(error)")
        }
    }

    /// Alerts of time passing always ring; a re-show only when the dose has not rung for `quiet` (`renotify`;
    /// nil: never again once it rang).
    static func mayRing(_ alert: DoseBook.Alert, lastRang: Instant?, now: Instant, quietFor quiet: TimeSpan?) -> Bool {
        guard alert.isReturn, let lastRang else { return true }
        guard let quiet else { return false }
        return now >= lastRang + quiet
    }

    /// Closes a dose's notification: it was answered, snoozed or missed, by anyone.
    func close(_ id: DoseID) {
        if inFlight[id] != nil {
            inFlight[id] = InFlightNotify(closeWhenShown: true, followUp: nil)
            return
        }
        rang[id] = nil
        alertsWaiting[id] = nil
        guard let notification = shown.removeValue(forKey: id) else { return }
        doseShown[notification] = nil
        closeNotification(notification)
        remember()
    }

    /// A notice (`low-stock`, `expiring`, `expired`): one notification per medication and subject
    /// (its stock, its expiry), replaced by the next.
    func showNotice(_ event: DoseEvent) {
        guard let bus else { return }
        guard let capabilities else {
            noticesWaiting.append(event)
            return askCapabilities()
        }
        let medication = event.dose.medication
        let subject = Self.noticeSubject(medication, expiry: event.kind.isExpiry)
        let content = NotificationContent.notice(event, person: host.person(medication), capabilities: capabilities)
        let call = content.notifyCall(replacing: noticeShown[subject] ?? 0)
        let sentIn = generation
        try? bus.call(call, timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
            guard sentIn == self.generation, case .success(let reply) = result, let id = try? reply.readUInt32() else { return }
            self.noticeShown[subject] = id
        }
    }

    /// Withdraws the low-stock notice of `medication`, shown or waiting for the server: a refill lifted its
    /// stock above `refill_at`.
    func withdrawStockNotice(of medication: String) {
        noticesWaiting.removeAll { $0.kind == .lowStock && $0.dose.medication == medication }
        guard let notification = noticeShown.removeValue(forKey: Self.noticeSubject(medication, expiry: false)) else { return }
        closeNotification(notification)
    }

    /// What a notice is about, of which one is shown at a time: a medication's stock, or its expiry.
    private static func noticeSubject(_ medication: String, expiry: Bool) -> String {
        medication + (expiry ? " expiry" : "")
    }

    private func notified(_ id: DoseID, generation sentIn: Int, _ result: Result<BusMessage, BusCallError>) {
        guard sentIn == generation, let flight = inFlight.removeValue(forKey: id) else { return }
        let reply: BusMessage
        switch result {
        case .success(let message): reply = message
        case .failure(let error):
            if error.isNoServer { capabilities = nil }
            unavailable("Notify failed: \(error)")
            return
        }
        guard let notification = try? reply.readUInt32() else {
            log.warning("desktop: the notification server's reply to Notify carries no id")
            return
        }
        if server == nil { server = reply.sender }
        if let previous = shown[id], previous != notification { doseShown[previous] = nil }
        shown[id] = notification
        doseShown[notification] = id
        remember()
        if flight.closeWhenShown {
            close(id)
        } else if let next = flight.followUp {
            show(next)
        }
    }

    func askCapabilities() {
        guard let bus, !askingCapabilities else { return }
        askingCapabilities = true
        let sentIn = generation
        do {
            try bus.call(FreedesktopNotifications.call("GetCapabilities"), timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
                guard sentIn == self.generation else { return }
                self.askingCapabilities = false
                switch result {
                case .success(let reply):
                    guard let list = try? reply.readStringArray() else {
                        return self.log.warning("desktop: the notification server's capabilities are not a list of strings")
                    }
                    if self.server == nil { self.server = reply.sender }
                    self.capabilities = Set(list)
                    self.warnedUnavailable = false
                    self.askServerInformation()
                    self.showEverythingPending()
                case .failure(let error):
                    self.unavailable("GetCapabilities failed: \(error)")
                }
            }
        } catch {
            askingCapabilities = false
            log.warning("desktop: cannot ask the notification server for its capabilities: \(error)")
        }
    }

    /// The server's name and version, for `medctl status`.
    private func askServerInformation() {
        let sentIn = generation
        try? bus?.call(FreedesktopNotifications.call("GetServerInformation"), timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
            guard sentIn == self.generation, case .success(let reply) = result,
                  let name = try? reply.readString(), (try? reply.readString()) != nil, let version = try? reply.readString() else { return }
            self.serverInformation = (name, version)
        }
    }

    /// After a server (re)appears: every pending dose without a notification gets one, and an
    /// inherited notification of a dose answered meanwhile is closed.
    private func showEverythingPending() {
        let alerts = host.pendingAlerts()
        let open = Set(alerts.map(\.dose.id))
        for dose in shown.keys where !open.contains(dose) { close(dose) }
        let waiting = alertsWaiting
        alertsWaiting = [:]
        for (id, alert) in waiting where open.contains(id) && inFlight[id] != nil {
            inFlight[id]!.followUp = alert
            inFlight[id]!.closeWhenShown = false
        }
        let pending = alerts.filter { inFlight[$0.dose.id] == nil && (shown[$0.dose.id] == nil || waiting[$0.dose.id] != nil) }
        if !pending.isEmpty { log.info("desktop: showing \(pending.count) pending dose(s)") }
        for alert in pending { show(waiting[alert.dose.id] ?? alert) }
        let notices = noticesWaiting
        noticesWaiting = []
        for event in notices { showNotice(event) }
    }

    func closeNotification(_ notification: UInt32) {
        try? bus?.call(FreedesktopNotifications.call("CloseNotification", [.uint32(notification)]),
                       timeoutUsec: Self.callTimeoutUsec) { _ in }
    }

    // MARK: Signals

    func ownerChanged(_ message: BusMessage) {
        guard let newOwner = BusDriver.newOwner(of: FreedesktopNotifications.name, in: message) else { return }
        if newOwner.isEmpty {
            log.info("desktop: the notification server left the bus")
            serverGone()
            unavailable("the notification server left the bus")
        } else {
            serverAppeared(newOwner)
        }
    }

    func serverAppeared(_ owner: String) {
        guard owner != server else { return }
        log.info("desktop: notification server \(owner) is on the bus")
        serverGone()
        server = owner
        if let inherited, inherited.server == owner {
            // A predecessor's notifications on this same server: replace them rather than stack.
            shown = inherited.ids
            doseShown = Dictionary(inherited.ids.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            log.info("desktop: taking over \(shown.count) notification(s) a previous medd left on screen")
            remember()
        }
        inherited = nil
        askCapabilities()
    }

    /// Forgets the old server's notification ids: a new server numbers from 1 again. When each pending dose
    /// rang is kept: the new server's re-show rings only a dose that has not rung for `renotify`.
    func serverGone() {
        let pending = Set(host.pendingAlerts().map(\.dose.id))
        rang = rang.filter { pending.contains($0.key) }
        server = nil
        capabilities = nil
        askingCapabilities = false
        generation += 1
        shown = [:]
        doseShown = [:]
        inFlight = [:]
        noticeShown = [:]
        serverInformation = nil
        remember()
    }

    func actionInvoked(_ message: BusMessage) {
        guard let server, message.sender == server,
              let notification = try? message.readUInt32(), let key = try? message.readString() else { return }
        guard let dose = doseShown[notification] else { return }
        guard let action = DesktopAction(key: key) else {
            return log.debug("desktop: ignoring action \(key) on \(dose)")
        }
        host.answer(dose, action)
    }

    /// The user dismissed it (or the server dropped it): the dose stays pending, and its next
    /// renotify shows it again.
    func notificationClosed(_ message: BusMessage) {
        guard let server, message.sender == server, let notification = try? message.readUInt32() else { return }
        if let dose = doseShown.removeValue(forKey: notification) {
            shown[dose] = nil
            remember()
        }
        if let subject = noticeShown.first(where: { $0.value == notification })?.key { noticeShown[subject] = nil }
    }
}
