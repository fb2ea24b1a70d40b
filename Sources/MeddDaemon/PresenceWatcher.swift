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
        var session: String?
        /// logind is on the system bus: a resume is seen.
        var logind = false
        /// Screensaver names owned on the session bus.
        var screensavers: [String] = []
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
    private var systemBus: Bus?
    private var systemMatches: [BusMatch] = []
    private var sessionMatch: BusMatch?
    private var sessionPath: String?
    private var locked: Bool?
    private var screensaverMatches: [BusMatch] = []
    private var screensaversOwned: Set<String> = []
    /// Asked once each bus has answered, so "nothing to watch" is said once, at start.
    private var systemProbed = false
    private var sessionBusProbes: Int?
    private var reportedWhatIsWatched = false
    private(set) var state = State()

    init(loop: EventLoop, log: Logger, environment: [String: String] = ProcessEnvironment.variables, userID: UInt32,
         returned: @escaping (DoseBook.Return) -> Void) {
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
                try bus.addMatch(Logind.managerSignal("SessionNew")) { [unowned self] _ in self.findSession() },
                try bus.addMatch(Logind.managerSignal("SessionRemoved")) { [unowned self] _ in self.findSession() },
                try bus.addMatch(FreedesktopNotifications.disconnectedRule) { [unowned self] _ in self.systemBusLost() },
            ]
        } catch {
            log.debug("presence: no system bus: \(error)")
            return systemProbeDone()
        }
        systemBus = bus
        try? bus.call(Self.nameHasOwner(Logind.name), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
            if case .success(let reply) = result, (try? reply.readBool()) == true {
                self.state.logind = true
                self.findSession()
            }
            self.systemProbeDone()
        }
    }

    func stop() {
        systemMatches = []
        sessionMatch = nil
        systemBus?.close()
        systemBus = nil
        screensaverMatches = []
    }

    // MARK: logind

    /// The session to watch: `$XDG_SESSION_ID`'s, else the user's display session (medd usually runs as a
    /// user service, outside any session). Asked again whenever a session comes or goes.
    private func findSession() {
        guard let bus = systemBus, state.logind else { return }
        if let id = environment["XDG_SESSION_ID"], !id.isEmpty {
            guard sessionPath == nil else { return }
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
        state.session = session?.id
        locked = nil
        guard let session, let bus = systemBus else { return log.info("presence: no graphical session of this user to watch for unlocking yet") }
        do {
            sessionMatch = try bus.addMatch(Logind.sessionChanges(at: session.path)) { [unowned self] in self.sessionChanged($0) }
        } catch {
            log.warning("presence: cannot watch logind session \(session.id): \(error)")
            state.session = nil
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
        guard let change = try? message.readBoolPropertyChange(named: "LockedHint"), change.interface == Logind.session else { return }
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
        guard let starting = try? message.readBool(), !starting else { return }
        returned(.resumed)
    }

    private func systemBusLost() {
        log.notice("presence: the system bus closed the connection; unlocking and resume are no longer watched")
        systemMatches = []
        sessionMatch = nil
        sessionPath = nil
        systemBus?.close()
        systemBus = nil
        state.session = nil
        state.logind = false
    }

    // MARK: Screensavers on the session bus

    /// The session bus medd shows notifications on connected (again): follow the screensavers there.
    func sessionBusOpened(_ bus: Bus) {
        screensaverMatches = []
        screensaversOwned = []
        state.screensavers = []
        do {
            for name in Self.screensaverNames {
                screensaverMatches.append(try bus.addMatch("type='signal',interface='\(name)',member='ActiveChanged'") { [unowned self] in
                    self.screensaverChanged($0)
                })
                screensaverMatches.append(try bus.addMatch(
                    "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
                ) { [unowned self] message in
                    guard (try? message.readString()) == name, (try? message.readString()) != nil, let owner = try? message.readString() else { return }
                    self.screensaver(name, owned: !owner.isEmpty)
                })
            }
        } catch {
            log.warning("presence: cannot follow screensavers on the session bus: \(error)")
            screensaverMatches = []
        }
        sessionBusProbes = Self.screensaverNames.count
        for name in Self.screensaverNames {
            do {
                try bus.call(Self.nameHasOwner(name), timeoutUsec: Self.timeoutUsec) { [unowned self] result in
                    if case .success(let reply) = result, (try? reply.readBool()) == true { self.screensaver(name, owned: true) }
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
        screensaverMatches = []
        screensaversOwned = []
        state.screensavers = []
    }

    private func screensaver(_ name: String, owned: Bool) {
        if owned { screensaversOwned.insert(name) } else { screensaversOwned.remove(name) }
        state.screensavers = Self.screensaverNames.filter(screensaversOwned.contains)
    }

    private func screensaverChanged(_ message: BusMessage) {
        guard let active = try? message.readBool(), !active else { return }
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
        if !state.logind && state.screensavers.isEmpty {
            log.info("lock and resume watching is off: no logind on the system bus and no screensaver on the session bus; open doses are shown again every renotify")
        }
    }

    private static func nameHasOwner(_ name: String) -> BusMethodCall {
        BusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                      member: "NameHasOwner", arguments: [.string(name)])
    }
}
