import Foundation
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
        /// The notification for an alert, given the server's capabilities.
        var content: (Alert, Set<String>) -> NotificationContent
        /// The doses that should be on screen now (pending ones), to re-show on a new server.
        var pendingAlerts: () -> [Alert]
        /// A button was pressed on a dose's notification.
        var answer: (DoseID, DesktopAction) -> Void
    }

    /// A `Notify` not answered within this is given up (the dose is still pending; renotify retries).
    static let callTimeoutUsec: UInt64 = 10_000_000
    /// After the bus socket appears, connecting is retried this often, this many times (the
    /// socket file exists a moment before the bus listens on it).
    static let connectRetryUsec: UInt64 = 200_000
    static let connectRetries = 25

    let loop: EventLoop
    let log: Logger
    let host: Host
    let environment: [String: String]
    var bus: Bus?
    var matches: [BusMatch] = []
    var busWatch: LoopSource?
    var connectRetry: WakeTimer?
    var connectAttemptsLeft = 0
    /// The unique name of the server owning `org.freedesktop.Notifications`, when known.
    var server: String?
    /// The server's capabilities; nil until it answered `GetCapabilities`.
    var capabilities: Set<String>?
    var askingCapabilities = false
    /// Bumped whenever the server changes or leaves, so replies from an old one are ignored.
    var generation = 0
    /// The notification id showing each dose, and back.
    var shown: [DoseID: UInt32] = [:]
    var doseShown: [UInt32: DoseID] = [:]
    var inFlight: [DoseID: InFlightNotify] = [:]
    /// The low-stock notification per medication, replaced by the next one.
    var lowStockShown: [String: UInt32] = [:]
    var lowStockWaiting: [DoseEvent] = []
    /// One warning per outage, not one per dose.
    var warnedUnavailable = false
    /// Where `shown` is kept for a successor after a crash, and what a predecessor left there.
    let memoryPath: String?
    var inherited: ShownNotifications?
    var lastSaved: ShownNotifications?

    init(loop: EventLoop, log: Logger, environment: [String: String] = ProcessInfo.processInfo.environment,
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
                try opened.addMatch(FreedesktopNotifications.ownerChangedRule) { [unowned self] in self.ownerChanged($0) },
                try opened.addMatch(FreedesktopNotifications.signalRule("ActionInvoked")) { [unowned self] in self.actionInvoked($0) },
                try opened.addMatch(FreedesktopNotifications.signalRule("NotificationClosed")) { [unowned self] in self.notificationClosed($0) },
                try opened.addMatch(FreedesktopNotifications.disconnectedRule) { [unowned self] _ in self.busLost() },
            ]
        } catch {
            matches = []
            if connectAttemptsLeft > 0 { return retryConnect() }
            unavailable("no session bus (\(error))")
            watchForBus()
            return
        }
        bus = opened
        busWatch = nil
        connectRetry = nil
        connectAttemptsLeft = 0
        log.info("desktop: connected to the session bus")
        do {
            try opened.call(FreedesktopNotifications.getNameOwner, timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
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
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        do {
            busWatch = try loop.addInotify(path: directory, mask: UInt32(IN_CREATE | IN_MOVED_TO)) { [unowned self] created in
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
