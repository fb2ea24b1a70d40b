import MeddCore
import Systemd

/// What one desktop notification shows: the pure part of `Notify`, built from a dose or an event.
struct NotificationContent: Hashable, Sendable {
    /// The spec's urgency levels (the `urgency` hint is a byte).
    enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2

        init(_ urgency: MeddCore.Urgency) { self = urgency == .critical ? .critical : .normal }
    }

    var summary: String
    var body: String
    var actions: [DesktopAction]
    var urgency: Urgency
    var category: String
    /// Milliseconds; 0 keeps it until it is closed, -1 leaves it to the server.
    var expireTimeout: Int32
    /// The sound hint; nil leaves sound to the server.
    var sound: SoundHint?

    /// The spec's sound hints: one theme sound, one file, or none at all.
    enum SoundHint: Hashable, Sendable {
        case name(String)
        case file(String)
        case suppress

        var hint: (String, BusValue) {
            switch self {
            case .name(let name): ("sound-name", .string(name))
            case .file(let path): ("sound-file", .string(path))
            case .suppress: ("suppress-sound", .bool(true))
            }
        }
    }

    /// What a dose's reminder is built from besides the dose.
    struct ReminderContext {
        var person: Person?
        var notes: String?
        var snoozeLengths: [TimeSpan]
        var style: AlertStyle
        /// Whether it may play a sound: a re-alert of the same dose rings at most once per `renotify`.
        var rings: Bool
        var now: Instant
        /// A reminder to measure: its measurement, and how many readings it has had.
        var measuring: (measurement: Measurement, recorded: Int)? = nil
    }

    /// A dose's reminder, its summary naming the person it is for. Without the `actions` capability
    /// the body says how to answer from a terminal; with `body-markup` the free text is escaped. It is
    /// critical for an alarm and once escalated; sound hints go only to a server with the `sound` capability.
    static func reminder(_ alert: DoseBook.Alert, _ context: ReminderContext, capabilities: Set<String>) -> NotificationContent {
        let dose = alert.dose
        let escape = capabilities.contains("body-markup")
        // TRANSLATORS: a reminder's first line; %1$s is the due time as the locale writes it (08:00, 8:00 AM).
        var lines = [tr("Due at %1$s", Translation.currentFormats.time(dose.localTime))]
        if let notes = context.notes, !notes.isEmpty { lines.append(notes) }
        var buttons = capabilities.contains("actions") ? DesktopAction.buttons(snoozeLengths: context.snoozeLengths) : []
        if let (measurement, recorded) = context.measuring {
            buttons.removeAll { $0 == .taken }
            if recorded > 0 {
                // TRANSLATORS: a reminder to measure that has had some of its readings; %1$d readings of %2$d.
                lines.append(trn("%1$d of %2$d reading recorded; take the next one a minute after the last",
                                      "%1$d of %2$d readings recorded; take the next one a minute after the last",
                                      count: measurement.readingsPerReminder, String(recorded), String(measurement.readingsPerReminder)))
            }
            // TRANSLATORS: how to record a reading from a terminal; %1$s is the command, like medctl measure bp 132/84/71.
            lines.append(tr("Record it: %1$s", "medctl measure \(measurement.id) \(measurement.kind.valueSyntax)"))
        } else if buttons.isEmpty {
            lines.append(tr("Answer in a terminal: %1$s", "medctl taken \(dose.id)"))
        }
        let urgency = context.style.urgency(ofDoseDueAt: dose.scheduled, at: context.now)
        let name = dose.measurement.map { $0.shownName(dose.name) } ?? dose.name
        var content = NotificationContent(
            summary: Person.title([name, dose.doseText].filter { !$0.isEmpty }.joined(separator: " "), for: context.person),
            body: lines.map { escape ? markupEscaped($0) : $0 }.joined(separator: "\n"),
            actions: buttons, urgency: Urgency(urgency),
            category: "x-medd.reminder", expireTimeout: 0)
        if capabilities.contains("sound") {
            content.sound = soundHint(context.style.sound, urgency: urgency, rings: context.rings)
        }
        return content
    }

    private static func soundHint(_ sound: AlertStyle.Sound, urgency: MeddCore.Urgency, rings: Bool) -> SoundHint {
        guard rings else { return .suppress }
        switch sound {
        case .standard: return .name(AlertStyle.standardSoundName(for: urgency))
        case .silent: return .suppress
        case .named(let name): return .name(name)
        case .file(let path): return .file(path)
        }
    }

    /// A notice about a medication (`low-stock`, `expiring`, `expired`): no buttons, and the server
    /// decides when it goes.
    static func notice(_ event: DoseEvent, person: Person?, capabilities: Set<String>) -> NotificationContent {
        let name = event.dose.name
        let title = Person.title(name, for: person)
        let (summary, text, category): (String, String, String)
        let formats = Translation.currentFormats
        let date = formats.date(event.dose.id.date)
        switch event.kind {
        case .expiring:
            // TRANSLATORS: a notice's title; %1$s is the medication (with the person it is for).
            (summary, text, category) = (tr("%1$s: expires soon", title), tr("%1$s expires on %2$s; get a new pack", name, date), "x-medd.expiry")
        case .expired:
            (summary, text, category) = (tr("%1$s: expired", title), tr("%1$s expired on %2$s; replace it", name, date), "x-medd.expiry")
        default:
            (summary, text, category) = (tr("%1$s: refill soon", title), Self.lowStockText(event), "x-medd.low-stock")
        }
        return NotificationContent(
            summary: summary, body: capabilities.contains("body-markup") ? markupEscaped(text) : text,
            actions: [], urgency: .normal, category: category, expireTimeout: -1)
    }

    /// What a low-stock notice says: the amount left, from the event's English reason (`12 left of
    /// Metformin; refill_at is 14`, the journal's words), in the person's language.
    private static func lowStockText(_ event: DoseEvent) -> String {
        guard let reason = event.reason, let end = reason.firstIndex(of: " "), reason[end...].hasPrefix(" left of ") else {
            return event.reason ?? tr("running low")
        }
        let amount = Translation.currentFormats.decimal(String(reason[..<end]))
        // TRANSLATORS: a low-stock notice; %1$s is the units left (12, 2.5), %2$s the medication.
        return tr("%1$s left of %2$s; time to refill", amount, event.dose.name)
    }

    /// The `Notify` call that shows this, replacing notification `replacing` when it is not 0.
    func notifyCall(replacing: UInt32) -> BusMethodCall {
        FreedesktopNotifications.call("Notify", [
            .string("medd"), .uint32(replacing), .string("medd"), .string(summary), .string(body),
            .stringArray(actions.flatMap { [$0.key, $0.label] }),
            .variantDictionary([
                ("urgency", .byte(urgency.rawValue)),
                ("category", .string(category)),
                ("desktop-entry", .string("medd")),
            ] + (sound.map { [$0.hint] } ?? [])),
            .int32(expireTimeout),
        ])
    }

    /// The spec's body markup is a small XML subset: free text must not open a tag.
    static func markupEscaped(_ text: String) -> String { DisplayText.xmlEscaped(text) }
}
