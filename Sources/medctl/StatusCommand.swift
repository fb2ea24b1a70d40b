import MeddControl
import MeddSystem
import MeddTerminal
import Systemd

/// `medctl status`: the daemon's state, the next dose, what is open.
struct StatusCommand: Verb {
    static let name = "status"
    static let abstract = "Show the daemon's state, the next dose and how many doses are open."
    static let discussion = """
        --json prints the daemon's Status reply: {"version", "startedAt", "nowUsec", "nextDose", "pending", "snoozed", "desktop"}, \
        nextDose being a dose object as in `medctl doses --json`, desktop (when medd shows notifications) naming the \
        notification server and what medd watches to show open reminders again when the person returns; and sync, \
        while medd-sync runs: {"server", "lastSuccess", "lastError", "lastErrorAt", "failingSince"}.
        """

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let client = try global.connect()
        var status = try client.call("Status")
        let sync = Self.syncStatus(besideSocket: client.path)
        if global.json {
            if let sync { status["sync"] = sync }
            return Output.json(.object(status))
        }
        LocalTimeText.followDaemon(status: status)
        let style = Style.current
        let today = LocalTimeText.today()
        Output.line("medd \(status["version"]?.stringValue ?? "?"), running since \(LocalTimeText.display(iso: status["startedAt"]?.stringValue ?? "?"))")
        if let next = status["nextDose"].flatMap(DoseRow.init) {
            Output.line("next dose: \(style.bold(next.name)) \(next.dose) at \(LocalTimeText.short(next.scheduled, today: today))  (\(next.id))")
        } else {
            Output.line("next dose: none planned")
        }
        let pending = status["pending"]?.intValue ?? 0
        let snoozed = status["snoozed"]?.intValue ?? 0
        Output.line("open: \(pending > 0 ? style.state("\(pending) pending") : "0 pending"), \(snoozed) snoozed")
        if let desktop = status["desktop"]?.objectValue {
            Output.line("notifications: " + Self.server(desktop))
            Output.line("lock/resume watching: " + Self.watching(desktop))
        } else {
            Output.line("notifications: not reported (medd runs with --no-desktop, or predates this report)")
        }
        Output.line("sync: " + (sync?.objectValue.map { Self.sync($0) } ?? "off (medd-sync is not running)"))
    }

    /// What medd-sync last wrote of how syncing goes; nil when it is not running (it removes the file when it stops).
    private static func syncStatus(besideSocket socket: String) -> JSONValue? {
        guard let bytes = try? FileReader.bytes(at: DefaultPaths.syncStatus(besideSocket: socket)) else { return nil }
        return try? JSONParser.parse(bytes)
    }

    /// `https://dav.example.org/anna/medication/, last success 08:00:05` and the last error, if any.
    private static func sync(_ sync: [String: JSONValue]) -> String {
        var text = sync["server"]?.stringValue ?? "?"
        let time = { (key: String) in sync[key]?.stringValue.map { LocalTimeText.display(iso: $0) } }
        text += ", last success " + (time("lastSuccess") ?? "none yet")
        if let since = time("failingSince") { text += ", failing since \(since)" }
        if let error = sync["lastError"]?.stringValue { text += "\n  last error (\(time("lastErrorAt") ?? "?")): \(error)" }
        return text
    }

    /// `dunst 1.9.0 (actions, body, sound)`, or why there is none.
    private static func server(_ desktop: [String: JSONValue]) -> String {
        guard let name = desktop["server"]?.stringValue else { return "no notification server reachable; doses still reach the journal and hooks" }
        let version = desktop["serverVersion"]?.stringValue.map { $0.isEmpty ? "" : " " + $0 } ?? ""
        let capabilities = Self.strings(desktop["capabilities"])
        return "\(name)\(version) (\(capabilities.isEmpty ? "no capabilities" : capabilities.joined(separator: ", ")))"
    }

    /// `logind session 3 (unlock, resume), org.gnome.ScreenSaver`, or `off`.
    private static func watching(_ desktop: [String: JSONValue]) -> String {
        var parts: [String] = []
        let resume = desktop["resumeWatching"]?.boolValue == true
        if let session = desktop["session"]?.stringValue {
            parts.append("logind session \(session) (unlock\(resume ? ", resume" : ""))")
        } else if resume {
            parts.append("logind (resume; no graphical session to watch for unlocking)")
        }
        parts += Self.strings(desktop["screensavers"])
        return parts.isEmpty ? "off (no logind, no screensaver)" : parts.joined(separator: ", ")
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
