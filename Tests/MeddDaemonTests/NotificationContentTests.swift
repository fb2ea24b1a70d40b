import MeddCore
import Systemd
import Testing

@testable import MeddDaemon

/// What a dose's notification says and offers, for the capabilities a server reports.
@Suite struct NotificationContentTests {
    /// 08:00 in Berlin (UTC+1) on 2026-11-22.
    static let due = Instant(usec: 1_795_330_800_000_000)
    static let dose = Dose(id: DoseID(parsing: "metformin_20261122_08_00")!, name: "Metformin", doseText: "500 mg",
                           scheduled: due, utcOffset: 3600)
    static let lengths: [TimeSpan] = [.minutes(10), .minutes(30), .minutes(90)]

    static func reminder(now: Instant = due, capabilities: Set<String> = ["actions", "body"], notes: String? = "with food",
                         person: Person? = nil, style: AlertStyle = AlertStyle(), rings: Bool = true) -> NotificationContent {
        let context = NotificationContent.ReminderContext(person: person, notes: notes, snoozeLengths: lengths, style: style,
                                                          rings: rings, now: now)
        return NotificationContent.reminder(DoseBook.Alert(dose: dose, kind: .fired), context, capabilities: capabilities)
    }

    @Test func aFiredDoseOffersTakenEverySnoozeAndSkip() {
        let content = Self.reminder()
        #expect(content.summary == "Metformin 500 mg")
        #expect(content.body == "Due at 08:00\nwith food")
        #expect(content.actions.map(\.key) == ["taken", "snooze-10", "snooze-30", "snooze-90", "skip"])
        #expect(content.actions.map(\.label) == ["Taken", "Snooze 10 min", "Snooze 30 min", "Snooze 1 h 30 min", "Skip"])
        #expect(content.urgency == .normal)
        #expect(content.expireTimeout == 0)
    }

    /// A dose of a medication for someone names the person before the medication; the rest is the same.
    @Test func aPersonsDoseNamesThePersonInTheSummary() {
        let content = Self.reminder(person: Person(id: "mum", name: "Mum"))
        #expect(content.summary == "Mum — Metformin 500 mg")
        #expect(Self.reminder(person: Person(id: "dad")).summary == "dad — Metformin 500 mg")
        var withoutPerson = content
        withoutPerson.summary = "Metformin 500 mg"
        #expect(withoutPerson == Self.reminder())
    }

    /// A normal reminder turns critical `escalate_after` past due (never with "0"); an alarm is critical from the start.
    @Test func aReminderIsCriticalOnceEscalatedOrWhenAnAlarm() {
        let twenty = AlertStyle(escalateAfter: .minutes(20))
        #expect(Self.reminder(now: Self.due + .minutes(20) - TimeSpan(seconds: 1), style: twenty).urgency == .normal)
        #expect(Self.reminder(now: Self.due + .minutes(20), style: twenty).urgency == .critical)
        #expect(Self.reminder(now: Self.due + .hours(5), style: AlertStyle(escalateAfter: .zero)).urgency == .normal)
        #expect(Self.reminder(now: Self.due, style: AlertStyle(level: .alarm)).urgency == .critical)
    }

    /// Sound hints go only to a server that plays sounds: the theme sound for the urgency, a name or a file as
    /// configured, and `suppress-sound` for "none" and for a re-show that may not ring.
    @Test func soundHintsFollowTheStyleAndTheSoundCapability() {
        let sounding: Set<String> = ["actions", "sound"]
        #expect(Self.reminder(capabilities: ["actions"]).sound == nil)
        #expect(Self.reminder(capabilities: ["actions"], style: AlertStyle(sound: .named("bell"))).sound == nil)
        #expect(Self.reminder(capabilities: sounding).sound == .name("message-new-instant"))
        #expect(Self.reminder(capabilities: sounding, style: AlertStyle(level: .alarm)).sound == .name("alarm-clock-elapsed"))
        #expect(Self.reminder(now: Self.due + .hours(1), capabilities: sounding).sound == .name("alarm-clock-elapsed"))
        #expect(Self.reminder(capabilities: sounding, style: AlertStyle(sound: .named("bell"))).sound == .name("bell"))
        #expect(Self.reminder(capabilities: sounding, style: AlertStyle(sound: .file("/x.oga"))).sound == .file("/x.oga"))
        #expect(Self.reminder(capabilities: sounding, style: AlertStyle(sound: .silent)).sound == .suppress)
        #expect(Self.reminder(capabilities: sounding, rings: false).sound == .suppress)
        let hints = Self.reminder(capabilities: sounding, style: AlertStyle(sound: .file("/x.oga"))).notifyCall(replacing: 0).arguments[6]
        #expect(hints == .variantDictionary([
            ("urgency", .byte(1)), ("category", .string("x-medd.reminder")), ("desktop-entry", .string("medd")),
            ("sound-file", .string("/x.oga")),
        ]))
    }

    @Test func withoutActionsTheBodySaysHowToAnswerFromATerminal() {
        let content = Self.reminder(capabilities: ["body"])
        #expect(content.actions.isEmpty)
        #expect(content.body.hasSuffix("Answer in a terminal: medctl taken metformin_20261122_08_00"))
    }

    @Test func markupIsEscapedOnlyWhenTheServerParsesIt() {
        let notes = "<b>2</b> tablets & water"
        #expect(Self.reminder(capabilities: ["actions", "body-markup"], notes: notes).body.hasSuffix("&lt;b&gt;2&lt;/b&gt; tablets &amp; water"))
        #expect(Self.reminder(capabilities: ["actions"], notes: notes).body.hasSuffix(notes))
    }

    @Test func theNotifyCallHasTheSpecsArgumentsAndHints() {
        let call = Self.reminder().notifyCall(replacing: 7)
        #expect(call.destination == "org.freedesktop.Notifications")
        #expect(call.member == "Notify")
        #expect(call.arguments.map(\.signature).joined() == "susssasa{sv}i")
        #expect(call.arguments[1] == .uint32(7))
        #expect(call.arguments[6] == .variantDictionary([
            ("urgency", .byte(1)), ("category", .string("x-medd.reminder")), ("desktop-entry", .string("medd")),
        ]))
        #expect(call.arguments[7] == .int32(0))
    }

    @Test func actionKeysRoundTripAndStrangeOnesAreRefused() {
        for action in DesktopAction.buttons(snoozeLengths: Self.lengths) {
            #expect(DesktopAction(key: action.key) == action)
        }
        for key in ["", "default", "snooze-", "snooze-0", "snooze--5", "snooze-1441", "snooze-ten", "Taken"] {
            #expect(DesktopAction(key: key) == nil, "\(key)")
        }
    }

    @Test func lowStockHasNoButtonsAndExpiresAsTheServerLikes() {
        let event = DoseEvent(kind: .lowStock, dose: Self.dose, at: Self.due, source: .daemon, reason: "9 left of Metformin; refill_at is 10")
        let content = NotificationContent.notice(event, person: nil, capabilities: ["actions"])
        #expect(content.summary == "Metformin: refill soon")
        #expect(NotificationContent.notice(event, person: Person(id: "mum", name: "Mum"), capabilities: []).summary
                == "Mum — Metformin: refill soon")
        #expect(content.body == "9 left of Metformin; time to refill")
        #expect(content.actions.isEmpty)
        #expect(content.expireTimeout == -1)
    }

    /// Expiry notices name the medication and the date, offer no buttons, and escape for body markup.
    @Test func expiryNoticesNameTheDate() {
        let expiryDose = Dose(id: DoseID(parsing: "metformin_20270301_00_00")!, name: "Metformin <XR>", doseText: "500 mg",
                              scheduled: Self.due, utcOffset: 3600)
        let expiring = NotificationContent.notice(DoseEvent(kind: .expiring, dose: expiryDose, at: Self.due, source: .daemon),
                                                  person: nil, capabilities: ["actions"])
        #expect(expiring.summary == "Metformin <XR>: expires soon")
        #expect(expiring.body == "Metformin <XR> expires on 2027-03-01; get a new pack")
        #expect(expiring.category == "x-medd.expiry")
        #expect(expiring.actions.isEmpty && expiring.expireTimeout == -1 && expiring.urgency == .normal)
        let expired = NotificationContent.notice(DoseEvent(kind: .expired, dose: expiryDose, at: Self.due, source: .daemon),
                                                 person: Person(id: "mum", name: "Mum"), capabilities: ["body-markup"])
        #expect(expired.summary == "Mum — Metformin <XR>: expired")
        #expect(expired.body == "Metformin &lt;XR&gt; expired on 2027-03-01; replace it")
    }
}
