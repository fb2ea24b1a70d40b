import Logging
import MeddCore
import Systemd

/// Notices the person coming back to the screen, without polling: logind's `LockedHint` of their session
/// going false, `PrepareForSleep(false)` after a suspend (both on the system bus), and `ActiveChanged(false)`
/// of a screensaver on the session bus. Each return is reported; the dose book decides what to show again.
final class PresenceWatcher {
    /// What the watcher watches now, for `medctl status`.
    struct State {
        /// The logind session whose lock is watched.
        let session: String?
        /// logind is on the system bus: a resume is seen.
        let logind: Bool
        /// Screensaver names owned on the session bus.
        let screensavers: [String]
    }

    private enum Logind {
        static let name = "org.freedesktop.login1"
        static let path = "/org/freedesktop/login1"
        static let manager = "org.freedesktop.login1.Manager"
        static let session = "org.freedesktop.login1.Session"
        static let user = "org.freedesktop.login1.User"
        static let properties = "org.freedesktop.DBus.Properties"

        static func call(_ member: String, _ arguments: [BusValue]) -> BusMethodCall {
            BusMethodCall(destination: name, path: path, interface: manager, member: member, arguments: arguments)
        }

        static func get(_ interface: String, _ property: String, at path: String) -> BusMethodCall {
            BusMethodCall(destination: name, path: path, interface: properties, member: "Get",
                          arguments: [.string(interface), .string(property)])
        }

        static func managerSignal(_ member: String) -> String {
            "type='signal',path='\(path)',interface='\(manager)',member='\(member)'"
        }

        static func sessionChanges(at path: String) -> String {
            "type='signal',path='\(path)',interface='\(properties)',member='PropertiesChanged',arg0='\(session)'"
        }
    }

    /// The screensaver interfaces whose `ActiveChanged` medd follows (KDE, Xfce and others; GNOME).
    static let screensaverNames = ["org.freedesktop.ScreenSaver", "org.gnome.ScreenSaver"]
    private static let timeoutUsec: UInt64 = 10_000_000

    private let loop: EventLoop
    private let log: Logger
    private let environment: [String: String]
    private let userID: UInt32
    private let returned: (DoseBook.Return) -> Void
    /// The machine resumed with the screen still locked: only what came due is brought up to date; the
    /// unlock shows the reminders again.
    private let resumedBehindLock: () -> Void
    private var systemBus: Bus?
    private var systemMatches: [BusMatch] = []
    private var sessionMatch: BusMatch?
    private var sessionPath: String?
    private var locked: Bool?
    /// The unique name owning `org.freedesktop.login1`: signals from anyone else are forged.
    private var logindOwner: String?
    private var screensaverMatches: [BusMatch] = []
    /// Each screensaver name's unique owner: `ActiveChanged` counts only from it.
    private var screensaverOwners: [String: String] = [:]
    /// Asked once each bus has answered, so "nothing to watch" is said once, at start.
    private var systemProbed = false
    private var sessionBusProbes: Int?
    private var reportedWhatIsWatched = false
    /// The logind session whose lock is watched.
    private var sessionID: String?

    var state: State {
        State(session: sessionID, logind: logindOwner != nil,
              screensavers: Self.screensaverNames.filter { screensaverOwners[$0] != nil })
    }

    init(loop: EventLoop, log: Logger, environment: [String: String] = ProcessEnvironment.variables, userID: UInt32,
         returned: @escaping (DoseBook.Return) -> Void, resumedBehindLock: @escaping () -> Void) {
        self.resumedBehindLock = resumedBehindLock
        self.loop = loop
        self.log = log
        self.environment = environment
        self.userID = userID
        self.returned = returned
    }

    /// Connects to the system bus and finds the session to watch.
    func start() {
        let bus: Bus
        do {
            bus = try Bus.openSystem(on: loop)
            systemMatches = [
                try bus.addMatch(Logind.managerSignal("PrepareForSleep")) { [unowned self] in self.prepareForSleep($0) },
                try bus.addMatch(Logind.managerSignal("SessionNew")) { [unowned self] in if self.fromLogind($0) { self.findSession() } },
                try bus.addMatch(Logind.managerSignal("SessionRemoved")) { [unowned self] in if self.fromLogind($0) { self.findSession() } },
                try bus.addMatch(BusDriver.disconnectedRule) { [unowned self] _ in self.systemBusLost() },
                try bus.addMatch(BusDriver.ownerChangedRule(Logind.name)) { [unowned self] in
                    guard let owner = BusDriver.newOwner(of: Logind.name, in: $0) else { return }
                    self.logindOwnerChanged(owner)
                },
            ]
        } catch {
            log.debug("presence: no system bus: \(error)")
            return systemProbeDone()
        }
        systemBus = bus
        do {
            try bus.call(BusDriver.getNameOwner(Logind.name), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
                if case .success(let reply) = result, let owner = try? reply.readString(), self.logindOwner == nil {
                    self.logindOwnerChanged(owner)
                }
                self.systemProbeDone()
            }
        } catch {
            systemProbeDone()
        }
    }

    /// A reload is a chance to reach a system bus that was not there, or was lost.
    func retryIfDisconnected() {
        if systemBus == nil { start() }
    }

    func stop() {
        systemMatches = []
        sessionMatch = nil
        systemBus?.close()
        systemBus = nil
        screensaverMatches = []
    }

    // MARK: logind

    /// logind started, restarted (a new unique name) or left (empty).
    private func logindOwnerChanged(_ owner: String) {
        logindOwner = owner.isEmpty ? nil : owner
        guard logindOwner != nil else { return watchSession(nil) }
        findSession()
    }

    private func fromLogind(_ message: BusMessage) -> Bool {
        logindOwner != nil && message.sender == logindOwner
    }

    /// The session to watch: `$XDG_SESSION_ID`'s, else the user's display session (medd usually runs as a
    /// user service, outside any session). Asked again whenever a session comes or goes.
    private func findSession() {
        guard let bus = systemBus, logindOwner != nil else { return }
        if let id = environment["XDG_SESSION_ID"], !id.isEmpty {
            try? bus.call(Logind.call("GetSession", [.string(id)]), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
                guard case .success(let reply) = result, let path = try? reply.readObjectPath() else {
                    return self.watchSession(nil)
                }
                self.watchSession((id, path))
            }
            return
        }
        try? bus.call(Logind.call("GetUser", [.uint32(userID)]), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
            guard case .success(let reply) = result, let user = try? reply.readObjectPath() else { return self.watchSession(nil) }
            try? self.systemBus?.call(Logind.get(Logind.user, "Display", at: user), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
                guard case .success(let reply) = result, let display = try? reply.readVariantStringAndPath(), display.1 != "/" else {
                    return self.watchSession(nil)
                }
                self.watchSession(display)
            }
        }
    }

    private func watchSession(_ session: (id: String, path: String)?) {
        guard session?.path != sessionPath else { return }
        sessionMatch = nil
        sessionPath = session?.path
        sessionID = session?.id
        locked = nil
        guard let session, let bus = systemBus else { return log.info("presence: this user has no graphical session to watch for unlocking; watching for one to start") }
        do {
            sessionMatch = try bus.addMatch(Logind.sessionChanges(at: session.path)) { [unowned self] in self.sessionChanged($0) }
        } catch {
            log.warning("presence: cannot watch logind session \(session.id): \(error)")
            sessionID = nil
            return
        }
        log.info("presence: watching logind session \(session.id) for unlocking")
        readLockedHint()
    }

    private func readLockedHint() {
        guard let path = sessionPath else { return }
        try? systemBus?.call(Logind.get(Logind.session, "LockedHint", at: path), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
            guard path == self.sessionPath, case .success(let reply) = result, let hint = try? reply.readVariantBool() else { return }
            self.lockedHint(hint)
        }
    }

    private func sessionChanged(_ message: BusMessage) {
        guard fromLogind(message), let change = try? message.readBoolPropertyChange(named: "LockedHint"), change.interface == Logind.session else { return }
        if let value = change.value {
            lockedHint(value)
        } else if change.invalidated {
            readLockedHint()
        }
    }

    /// Only a change from locked to unlocked is a return: logind repeats the hint with other properties.
    private func lockedHint(_ hint: Bool) {
        let wasLocked = locked
        locked = hint
        if wasLocked == true && !hint { returned(.unlocked) }
    }

    private func prepareForSleep(_ message: BusMessage) {
        guard fromLogind(message), let starting = try? message.readBool(), !starting else { return }
        if locked == true { resumedBehindLock() } else { returned(.resumed) }
    }

    private func systemBusLost() {
        log.notice("presence: the system bus closed the connection; unlocking and resume are watched again after a reload (SIGHUP)")
        systemProbeDone()
        systemMatches = []
        sessionMatch = nil
        sessionPath = nil
        systemBus?.close()
        systemBus = nil
        logindOwner = nil
        sessionID = nil
    }

    // MARK: Screensavers on the session bus

    /// The session bus medd shows notifications on connected (again): follow the screensavers there.
    func sessionBusOpened(_ bus: Bus) {
        sessionBusClosed()
        do {
            for name in Self.screensaverNames {
                screensaverMatches.append(try bus.addMatch("type='signal',interface='\(name)',member='ActiveChanged'") { [unowned self] in
                    self.screensaverChanged(name, $0)
                })
                screensaverMatches.append(try bus.addMatch(BusDriver.ownerChangedRule(name)) { [unowned self] in
                    guard let owner = BusDriver.newOwner(of: name, in: $0) else { return }
                    self.screensaver(name, owner: owner)
                })
            }
        } catch {
            log.warning("presence: cannot follow screensavers on the session bus: \(error)")
            screensaverMatches = []
        }
        sessionBusProbes = Self.screensaverNames.count
        for name in Self.screensaverNames {
            do {
                try bus.call(BusDriver.getNameOwner(name), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
                    if case .success(let reply) = result, let owner = try? reply.readString(), self.screensaverOwners[name] == nil {
                        self.screensaver(name, owner: owner)
                    }
                    self.sessionBusProbeDone()
                }
            } catch {
                sessionBusProbeDone()
            }
        }
    }

    /// There is no session bus (yet): its screensavers count as absent.
    func sessionBusUnavailable() {
        if sessionBusProbes == nil { sessionBusProbes = 0 }
        reportWhatIsWatched()
    }

    func sessionBusClosed() {
        if sessionBusProbes != nil { sessionBusProbes = 0 }
        reportWhatIsWatched()
        screensaverMatches = []
        screensaverOwners = [:]
    }

    /// A screensaver name got an owner, or lost it (empty).
    private func screensaver(_ name: String, owner: String) {
        screensaverOwners[name] = owner.isEmpty ? nil : owner
    }

    private func screensaverChanged(_ name: String, _ message: BusMessage) {
        guard let owner = screensaverOwners[name], message.sender == owner, let active = try? message.readBool(), !active else { return }
        returned(.screensaverEnded)
    }

    // MARK: Saying once what is watched

    private func systemProbeDone() {
        systemProbed = true
        reportWhatIsWatched()
    }

    private func sessionBusProbeDone() {
        sessionBusProbes = max((sessionBusProbes ?? 1) - 1, 0)
        reportWhatIsWatched()
    }

    private func reportWhatIsWatched() {
        guard !reportedWhatIsWatched, systemProbed, sessionBusProbes == 0 else { return }
        reportedWhatIsWatched = true
        if logindOwner == nil && screensaverOwners.isEmpty {
            log.info("lock and resume watching is off: no logind on the system bus and no screensaver on the session bus; open doses are shown again only as renotify says")
        }
    }
}
