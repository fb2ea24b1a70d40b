import MeddControl
import MeddTerminal

/// `medctl status`: the daemon's state, the next dose, what is open.
struct StatusCommand: Verb {
    static let name = "status"
    static let abstract = "Show the daemon's state, the next dose and how many doses are open."
    static let discussion = """
        --json prints the daemon's Status reply: {"version", "startedAt", "nowUsec", "nextDose", "pending", "snoozed", "desktop"}, \
        nextDose being a dose object as in `medctl doses --json`, desktop (when medd shows notifications) naming the \
        notification server and what medd watches to show open reminders again when the person returns.
        """

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let status = try global.connect().call("Status")
        if global.json { return Output.json(.object(status)) }
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
