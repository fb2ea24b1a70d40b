public import ICalendar
public import MeddCore

/// A dose as the VTODO medd-sync writes: the same text on every machine for the same dose and state
/// (but `DTSTAMP`, the moment of writing), so a phone sees one to-do per dose.
public struct TodoRendering: Sendable {
    /// The grace of the configuration: a dose is due until `DUE` = due + grace, then missed.
    public var grace: TimeSpan
    /// People by ID, for the title a reminder shows ("Mum: Metformin 500 mg").
    public var people: [String: Person]
    public var productVersion: String
    /// This machine's name (`X-MEDD-ANSWERED-BY` of the answers given here); nil: not said.
    public var machine: String?

    public init(grace: TimeSpan, people: [String: Person], productVersion: String, machine: String? = nil) {
        self.grace = grace
        self.people = people
        self.productVersion = productVersion
        self.machine = machine
    }

    /// What goes on the server besides the dose itself.
    public struct Extras: Hashable, Sendable {
        /// Answers the dose had that a later one replaced (`X-MEDD-REPLACED`).
        public var replaced: [Answer]
        /// Why the to-do is open again, for the person who answered elsewhere (`DESCRIPTION`).
        public var notice: String?

        public init(replaced: [Answer] = [], notice: String? = nil) {
            self.replaced = replaced
            self.notice = notice
        }

        /// At most this many replaced answers travel with a to-do, the latest.
        static let replacedLimit = 8
    }

    /// The title of the dose's desktop notification.
    public func summary(of dose: LocalDose) -> String {
        let what = [dose.name, dose.doseText].filter { !$0.isEmpty }.joined(separator: " ")
        return Person.title(what, for: dose.person.map { people[$0] ?? Person(id: $0) })
    }

    /// The calendar object for `dose`, written at `now`.
    public func calendar(for dose: LocalDose, now: Instant, extras: Extras = Extras()) -> ICalendarComponent {
        let summary = summary(of: dose)
        let stamp = ICalendarDateTime(utc: now)
        var todo = ICalendarComponent(name: "VTODO", properties: [
            ICalendarProperty(name: "UID", text: dose.id.description + ServerTodo.uidSuffix),
            ICalendarProperty(name: "DTSTAMP", dateTime: stamp),
            ICalendarProperty(name: "SUMMARY", text: summary),
            ICalendarProperty(name: "DTSTART", dateTime: ICalendarDateTime(utc: dose.due)),
            ICalendarProperty(name: "DUE", dateTime: ICalendarDateTime(utc: dose.due + grace)),
            ICalendarProperty(name: "CATEGORIES", text: "medd"),
            ICalendarProperty(name: "STATUS", value: ServerTodo.status(of: dose.state).rawValue),
        ])
        if dose.state == .taken || dose.state == .measured, let at = dose.answeredAt {
            todo.properties.append(ICalendarProperty(name: "COMPLETED", dateTime: ICalendarDateTime(utc: at)))
            todo.properties.append(ICalendarProperty(name: "PERCENT-COMPLETE", value: "100"))
        }
        todo.properties.append(ICalendarProperty(name: "X-MEDD-DOSE-ID", text: dose.id.description))
        todo.properties.append(ICalendarProperty(name: "X-MEDD-MEDICATION", text: dose.id.medication))
        if let person = dose.person { todo.properties.append(ICalendarProperty(name: "X-MEDD-PERSON", text: person)) }
        todo.properties.append(ICalendarProperty(name: "X-MEDD-STATE", text: dose.state.rawValue))
        if let at = dose.answeredAt, dose.state.isFinal {
            todo.properties.append(ICalendarProperty(name: "X-MEDD-ANSWERED-AT", dateTime: ICalendarDateTime(utc: at)))
            // An answer brought from the server was given elsewhere: this machine is not the one to name.
            if let machine, dose.source != .caldav { todo.properties.append(ICalendarProperty(name: "X-MEDD-ANSWERED-BY", text: machine)) }
        }
        for answer in extras.replaced.suffix(Extras.replacedLimit) {
            todo.properties.append(ICalendarProperty(name: "X-MEDD-REPLACED", text: ServerTodo.replacedValue(of: answer)))
        }
        todo.properties.append(ICalendarProperty(name: "X-MEDD-STAMP", dateTime: stamp))
        if let kind = dose.measurement { todo.properties.append(ICalendarProperty(name: "X-MEDD-MEASUREMENT", text: kind.rawValue)) }
        if let notice = extras.notice {
            todo.properties.append(ICalendarProperty(name: "DESCRIPTION", text: notice))
        } else if dose.measurement != nil {
            let text = dose.readings.isEmpty ? Self.measureHint(for: dose.state)
                : dose.readings.map { Self.line($0, unit: dose.unit) }.joined(separator: "\n")
            if let text { todo.properties.append(ICalendarProperty(name: "DESCRIPTION", text: text)) }
        }
        if dose.readingTimes.count == dose.readings.count {
            for (value, at) in zip(dose.readings, dose.readingTimes) {
                let reading = ServerTodo.MeddReading(at: at, value: value, unit: dose.unit)
                todo.properties.append(ICalendarProperty(name: "X-MEDD-READING", text: reading.text))
            }
        }
        if dose.remind {
            let ringsAt = dose.state == .snoozed ? dose.snoozeUntil ?? dose.due : dose.due
            var trigger = ICalendarProperty(name: "TRIGGER", dateTime: ICalendarDateTime(utc: ringsAt))
            trigger.parameters = [ICalendarParameter(name: "VALUE", value: "DATE-TIME")]
            todo.components = [ICalendarComponent(name: "VALARM", properties: [
                ICalendarProperty(name: "ACTION", value: "DISPLAY"),
                ICalendarProperty(name: "DESCRIPTION", text: summary),
                trigger,
            ])]
        }
        return ICalendarComponent(name: "VCALENDAR", properties: [
            ICalendarProperty(name: "VERSION", value: "2.0"),
            ICalendarProperty(name: "PRODID", text: "-//medd//medd-sync \(productVersion)//EN"),
        ], components: [todo])
    }

    /// A reading as the to-do's DESCRIPTION lists it: `142/88 mmHg`.
    public static func line(_ value: String, unit: String) -> String {
        [value, unit].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What the to-do of a reminder to measure says while it waits for a reading (nil once it is answered):
    /// a phone's task app shows it, and the person writes the reading over it.
    public static func measureHint(for state: DoseState?) -> String? {
        guard state.map({ !$0.isFinal }) ?? true else { return nil }
        return "Write the reading on the first line (e.g. 132/84/71), then complete this to-do."
    }

    /// The calendar object's text, CRLF lines folded at 75 octets.
    public func text(for dose: LocalDose, now: Instant, extras: Extras = Extras()) -> String {
        // Every value here is medd's own text, escaped as TEXT: nothing the writer can refuse.
        (try? ICalendarWriter.text(of: calendar(for: dose, now: now, extras: extras))) ?? ""
    }
}
