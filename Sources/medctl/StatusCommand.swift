import MeddCommandLine
import MeddControl
import MeddCore
import MeddSystem
import MeddTerminal
import Systemd

/// `medctl status`: the daemon's state, the next dose, what is open.
struct StatusCommand: Verb {
    static let name = "status"
    static var abstract: String { tr("Show the daemon's state, the next dose and how many doses are open.") }
    static var discussion: String {
        tr("""
            --json prints the daemon's Status reply: {"version", "startedAt", "nowUsec", "nextDose", "pending", "snoozed", "desktop"}, \
            nextDose being a dose object as in `medctl doses --json`, desktop (when medd shows notifications) naming the \
            notification server and what medd watches to show open reminders again when the person returns; sync, \
            while medd-sync runs: {"server", "lastSuccess", "lastError", "lastErrorAt", "failingSince", "waiting"}; and \
            effectChanges, when a verdict of `medctl effect` differs from the one a week ago: [{"medication", \
            "measurement", "verdict", "previous"}]; and carers, while medd-sync tells carers: {ID: {"lastDelivery", \
            "lastError", "lastErrorAt", "waiting"}}.
            """)
    }

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let client = try global.connect()
        var status = try client.call("Status")
        let sync = Self.syncStatus(besideSocket: client.path)
        let changes = Self.changedVerdicts(client)
        let carers = Self.carersStatus(besideSocket: client.path)
        if global.json {
            if let sync { status["sync"] = sync }
            if let carers { status["carers"] = carers }
            if !changes.isEmpty { status["effectChanges"] = .array(changes.map(\.json)) }
            return Output.json(.object(status))
        }
        LocalTimeText.followDaemon(status: status)
        let style = Style.current
        let today = LocalTimeText.today()
        // TRANSLATORS: %1$s is medd's version, %2$s when it started (a date and time).
        Output.line(tr("medd %1$s, running since %2$s", status["version"]?.stringValue ?? "?",
                       LocalTimeText.display(iso: status["startedAt"]?.stringValue ?? "?")))
        if let next = status["nextDose"].flatMap(DoseRow.init) {
            // TRANSLATORS: %1$s is a medication and its dose (Metformin 500 mg), %2$s its time, %3$s its dose ID.
            Output.line(tr("next dose: %1$s at %2$s  (%3$s)", style.bold(next.name) + " " + next.dose,
                           LocalTimeText.short(next.scheduled, today: today), next.id))
        } else {
            Output.line(tr("next dose: none planned"))
        }
        Output.line(Self.openLine(pending: status["pending"]?.intValue ?? 0, snoozed: status["snoozed"]?.intValue ?? 0, style: style))
        if let desktop = status["desktop"]?.objectValue {
            // TRANSLATORS: %1$s names the notification server and what it can do, or says there is none.
            Output.line(tr("notifications: %1$s", Self.server(desktop)))
            // TRANSLATORS: %1$s is what medd watches to show open reminders again when the person comes back.
            Output.line(tr("lock/resume watching: %1$s", Self.watching(desktop)))
        } else {
            Output.line(tr("notifications: not reported (medd runs with --no-desktop, or predates this report)"))
        }
        // TRANSLATORS: %1$s is the CalDAV server and how syncing goes, or that it is off.
        // medd-sync may run for carers alone, without [sync].
        let syncOff = carers == nil ? tr("off (medd-sync is not running)") : tr("off (no [sync] in the configuration)")
        Output.line(tr("sync: %1$s", sync?.objectValue.map { Self.sync($0) } ?? syncOff))
        for (carer, state) in (carers?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            Output.line(Self.carerLine(carer, state))
        }
        for change in changes {
            // TRANSLATORS: %1$s is a medication ID, %2$s a measurement ID, %3$s the verdict on its effect now (likely effective), %4$s the verdict a week ago.
            Output.line(tr("effect: %1$s on %2$s is now %3$s (a week ago: %4$s); see `medctl effect`", change.medication, change.measurement,
                           change.verdict.words.localized, change.previous.words.localized))
        }
    }

    /// A verdict on a medication's effect that differs from the one a week ago.
    struct VerdictChange {
        var medication: String
        var measurement: String
        var verdict: MedicationEffect.Verdict
        var previous: MedicationEffect.Verdict

        var json: JSONValue {
            .object(["medication": .string(medication), "measurement": .string(measurement), "verdict": .string(verdict.rawValue),
                     "previous": .string(previous.rawValue)])
        }
    }

    /// The verdicts of the daemon's default range (the last 90 days) that differ from those of the same
    /// range a week earlier; nothing is kept between runs. None when the daemon cannot tell (an older
    /// medd without `Effect`, a ledger it cannot read): the status line stays quiet rather than fail.
    static func changedVerdicts(_ client: ControlClient) -> [VerdictChange] {
        guard let current = try? EffectReply.ask(client, DoseQuery()), !current.effects.isEmpty else { return [] }
        let weekAgo = current.until - .days(7)
        let since = current.since - .days(7)
        guard let earlier = try? EffectReply.ask(client, DoseQuery(from: since, to: weekAgo)) else { return [] }
        var previous: [String: MedicationEffect.Verdict] = [:]
        for effect in earlier.effects { previous[effect.medication + "\u{0}" + effect.measurement] = effect.verdict }
        return current.effects.compactMap { effect in
            guard let before = previous[effect.medication + "\u{0}" + effect.measurement], before != effect.verdict else { return nil }
            return VerdictChange(medication: effect.medication, measurement: effect.measurement, verdict: effect.verdict, previous: before)
        }
    }

    /// `open: 2 pending, 0 snoozed`, the pending ones in their colour when there are any.
    static func openLine(pending: Int, snoozed: Int, style: Style) -> String {
        // TRANSLATORS: doses due and not answered yet; the next message says how many are snoozed.
        let pendingText = trn("%1$d pending", "%1$d pending", count: pending, String(pending))
        // TRANSLATORS: how many doses are open; %1$s is "%1$d pending", %2$s "%1$d snoozed".
        return tr("open: %1$s, %2$s", pending > 0 ? style.state("pending", shownAs: pendingText) : pendingText,
                  trn("%1$d snoozed", "%1$d snoozed", count: snoozed, String(snoozed)))
    }

    /// What medd-sync last wrote of its messages to carers (`{ID: {...}}`); nil when it tells none.
    private static func carersStatus(besideSocket socket: String) -> JSONValue? {
        guard let bytes = try? FileReader.bytes(at: DefaultPaths.carersStatus(besideSocket: socket)) else { return nil }
        return (try? JSONParser.parse(bytes))?["carers"]
    }

    /// `carer anna: last message 09:00, 1 waiting` and the last error, if any.
    private static func carerLine(_ carer: String, _ state: JSONValue) -> String {
        let time = { (key: String) in state[key]?.stringValue.map { LocalTimeText.display(iso: $0) } }
        let waiting = state["waiting"]?.intValue ?? 0
        // TRANSLATORS: messages to a carer not sent yet (medd-sync tries again).
        let waitingText = trn("%1$d waiting", "%1$d waiting", count: waiting, String(waiting))
        // TRANSLATORS: %1$s is a carer's ID, %2$s when the last message reached them (a date and time, or "none yet"), %3$s "%1$d waiting".
        var text = tr("carer %1$s: last message %2$s, %3$s", carer, time("lastDelivery") ?? tr("none yet"), waitingText)
        if let error = state["lastError"]?.stringValue {
            text += "\n  " + tr("last error (%1$s): %2$s", time("lastErrorAt") ?? "?", error)
        }
        return text
    }

    /// What medd-sync last wrote of how syncing goes; nil when it is not running (it removes the file when it stops).
    private static func syncStatus(besideSocket socket: String) -> JSONValue? {
        guard let bytes = try? FileReader.bytes(at: DefaultPaths.syncStatus(besideSocket: socket)) else { return nil }
        return try? JSONParser.parse(bytes)
    }

    /// `https://dav.example.org/anna/medication/, last success 08:00:05` and the last error, if any.
    private static func sync(_ sync: [String: JSONValue]) -> String {
        let time = { (key: String) in sync[key]?.stringValue.map { LocalTimeText.display(iso: $0) } }
        // TRANSLATORS: %1$s is the server's address, %2$s when syncing last worked (a date and time, or "none yet").
        var text = tr("%1$s, last success %2$s", sync["server"]?.stringValue ?? "?", time("lastSuccess") ?? tr("none yet"))
        // TRANSLATORS: %1$s is the server and its last success, %2$s since when syncing fails (a date and time).
        if let since = time("failingSince") { text = tr("%1$s, failing since %2$s", text, since) }
        if let error = sync["lastError"]?.stringValue {
            // TRANSLATORS: %1$s is when (a date and time), %2$s the error as medd-sync reported it.
            text += "\n  " + tr("last error (%1$s): %2$s", time("lastErrorAt") ?? "?", error)
        }
        if let waiting = sync["waiting"]?.intValue, waiting > 0 {
            // TRANSLATORS: answers given on this machine (taken, skipped) that medd-sync has not put on the CalDAV server yet.
            text += "\n  " + trn("%1$d answer given here waits to be uploaded", "%1$d answers given here wait to be uploaded",
                                 count: waiting, String(waiting))
        }
        return text
    }

    /// `dunst 1.9.0 (actions, body, sound)`, or why there is none.
    private static func server(_ desktop: [String: JSONValue]) -> String {
        guard let name = desktop["server"]?.stringValue else { return tr("no notification server reachable; doses still reach the journal and hooks") }
        let version = desktop["serverVersion"]?.stringValue.map { $0.isEmpty ? "" : " " + $0 } ?? ""
        let capabilities = Self.strings(desktop["capabilities"])
        // TRANSLATORS: %1$s is the notification server's name and version (dunst 1.9.0), %2$s what it can do
        // (actions, body, sound: its own words) or "no capabilities".
        return tr("%1$s (%2$s)", name + version, capabilities.isEmpty ? tr("no capabilities") : capabilities.joined(separator: ", "))
    }

    /// `logind session 3 (unlock, resume), org.gnome.ScreenSaver`, or `off`.
    private static func watching(_ desktop: [String: JSONValue]) -> String {
        var parts: [String] = []
        let resume = desktop["resumeWatching"]?.boolValue == true
        if let session = desktop["session"]?.stringValue {
            // TRANSLATORS: %1$s is a logind session's ID; medd shows open reminders again when it is unlocked
            // (and, in the other message, when the machine resumes from sleep).
            parts.append(resume ? tr("logind session %1$s (unlock, resume)", session) : tr("logind session %1$s (unlock)", session))
        } else if resume {
            parts.append(tr("logind (resume; no graphical session to watch for unlocking)"))
        }
        parts += Self.strings(desktop["screensavers"])
        return parts.isEmpty ? tr("off (no logind, no screensaver)") : parts.joined(separator: ", ")
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
