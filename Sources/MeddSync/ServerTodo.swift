public import ICalendar
public import MeddCore

/// What the server holds for one dose: the VTODO's fields medd-sync reads back, from whoever wrote it
/// last (a medd-sync of any machine, or another client: a phone's task app, a desktop calendar).
public struct ServerTodo: Hashable, Sendable {
    public var doseID: DoseID
    /// STATUS as written; a to-do with no STATUS but `PERCENT-COMPLETE:100` or a `COMPLETED` time, or
    /// `PERCENT-COMPLETE:100` beside NEEDS-ACTION, counts as completed, as clients that write only
    /// those mean it.
    public var status: Status
    public var completed: ICalendarDateTime?
    public var lastModified: Instant?
    public var stamp: Instant?
    public var due: Instant?
    /// `X-MEDD-STATE`, `X-MEDD-ANSWERED-AT` and `X-MEDD-ANSWERED-BY`: the state a medd-sync wrote, when
    /// that answer was given and on which machine.
    public var meddState: DoseState?
    public var meddAnswered: Instant?
    public var meddAnsweredBy: String?
    /// `X-MEDD-STAMP`: the DTSTAMP that medd-sync wrote; a DTSTAMP still equal to it is not a client's.
    public var meddStamp: Instant?
    /// `X-MEDD-REPLACED`: answers given to the dose that a later one replaced, kept so that every machine
    /// records them.
    public var replacedAnswers: [Answer] = []
    /// `X-MEDD-READING`: the readings a medd-sync wrote for a reminder to measure, each with the time it
    /// was taken, so that another machine records the same readings at the same times.
    public var meddReadings: [MeddReading] = []
    /// The alarm's absolute trigger.
    public var alarm: Instant?
    /// `DESCRIPTION`: where a person completing a reminder to measure on a phone writes the reading.
    public var description: String?

    public enum Status: String, Hashable, Sendable {
        case needsAction = "NEEDS-ACTION", inProcess = "IN-PROCESS", completed = "COMPLETED", cancelled = "CANCELLED"
    }

    public init(doseID: DoseID, status: Status) {
        self.doseID = doseID
        self.status = status
    }

    /// The suffix of every UID medd-sync writes: `<dose-id>@medd`.
    public static let uidSuffix = "@medd"

    /// The to-do in a calendar object; nil for one that is not medd's (another UID, no VTODO).
    public init?(calendar: ICalendarComponent) {
        guard let todo = calendar.name == "VTODO" ? calendar : calendar.components(named: "VTODO").first,
              let uid = try? todo.property("UID")?.text(), uid.hasSuffix(Self.uidSuffix),
              let doseID = DoseID(parsing: String(uid.dropLast(Self.uidSuffix.count))) else { return nil }
        self.doseID = doseID
        completed = todo.property("COMPLETED").flatMap(Self.dateTime)
        let percent = try? todo.property("PERCENT-COMPLETE")?.integer()
        let statusText = (try? todo.property("STATUS")?.text())?.uppercased()
        switch statusText.flatMap(Status.init(rawValue:)) {
        case .completed?, .cancelled?: status = Status(rawValue: statusText!)!
        case nil where percent == 100 || todo.property("COMPLETED") != nil: status = .completed
        case let open? where percent == 100 && open != .cancelled: status = .completed
        case let open?: status = open
        case nil: status = .needsAction
        }
        lastModified = Self.instant(todo, "LAST-MODIFIED")
        stamp = Self.instant(todo, "DTSTAMP")
        due = Self.instant(todo, "DTSTART")
        meddState = (try? todo.property("X-MEDD-STATE")?.text()).flatMap(DoseState.init(rawValue:))
        meddAnswered = Self.instant(todo, "X-MEDD-ANSWERED-AT") ?? Self.instant(todo, "X-MEDD-ANSWERED")
        meddAnsweredBy = try? todo.property("X-MEDD-ANSWERED-BY")?.text()
        meddStamp = Self.instant(todo, "X-MEDD-STAMP")
        replacedAnswers = todo.properties(named: "X-MEDD-REPLACED").compactMap { try? Self.answer(fromReplaced: $0.text()) }
        alarm = todo.components(named: "VALARM").first.flatMap { Self.instant($0, "TRIGGER") }
        description = try? todo.property("DESCRIPTION")?.text()
        meddReadings = todo.properties(named: "X-MEDD-READING").compactMap { try? MeddReading(text: $0.text()) }
    }

    /// One `X-MEDD-READING`: `20261122T063100Z 142/88 mmHg`, the time it was taken (UTC), its value, and
    /// its unit (the rest, which may hold spaces).
    public struct MeddReading: Hashable, Sendable {
        public var at: Instant
        public var value: String
        public var unit: String

        public init(at: Instant, value: String, unit: String) {
            self.at = at
            self.value = value
            self.unit = unit
        }

        init?(text: String) {
            let parts = text.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, let at = ICalendarDateTime(parsing: String(parts[0]))?.instant else { return nil }
            self.init(at: at, value: String(parts[1]), unit: parts.count == 3 ? String(parts[2]) : "")
        }

        public var text: String { "\(ICalendarDateTime(utc: at)) \(TodoRendering.line(value, unit: unit))" }
    }

    /// The reading a person wrote on a reminder to measure: the first line of `DESCRIPTION` when it starts
    /// like a number (`132/84/71`, `5,6`: a phone writes the decimal comma of its language, taken as a
    /// point), up to the first space (`128/80 mmHg` is `128/80`); nil for none, or for what medd-sync wrote
    /// there itself (its hint, or the first of the readings it lists).
    public var writtenReading: String? {
        guard let description, description != TodoRendering.measureHint(for: nil),
              let first = description.split(whereSeparator: \.isNewline).first,
              // The first reading as medd-sync listed it, not one the person wrote above it.
              meddReadings.first.map({ TodoRendering.line($0.value, unit: $0.unit) != String(first) }) ?? true else { return nil }
        let value = String(first.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" })
        guard let lead = value.first, lead.isNumber || lead == "-" || lead == "+" else { return nil }
        return ReadingValue.withDecimalPoint(value, separator: ",")
    }

    private static func instant(_ component: ICalendarComponent, _ name: String) -> Instant? {
        component.property(name).flatMap(Self.dateTime)?.instant
    }

    /// A DATE-TIME as written, or a UTC time that still has a TZID beside it: Radicale stores a zoned
    /// COMPLETED that way (`COMPLETED;TZID=Europe/Berlin:20261122T065932Z`), and the Z decides.
    private static func dateTime(_ property: ICalendarProperty) -> ICalendarDateTime? {
        if let dateTime = try? property.dateTime() { return dateTime }
        return ICalendarDateTime(parsing: property.value)
    }

    /// `taken 20261122T070020Z`, as `replacedValue(of:)` writes it.
    static func answer(fromReplaced text: String) -> Answer? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let kind = Answer.Kind(rawValue: String(parts[0])), kind.isGivenByAPerson,
              let at = ICalendarDateTime(parsing: String(parts[1]))?.instant else { return nil }
        return Answer(kind: kind, at: at)
    }

    static func replacedValue(of answer: Answer) -> String {
        "\(answer.kind.rawValue) \(ICalendarDateTime(utc: answer.at))"
    }

    /// A medd-sync wrote the STATUS the to-do has (a client that answered changed it).
    public var statusIsMedds: Bool { meddState.map { Self.status(of: $0) == status } ?? false }

    /// The final answer the to-do holds; nil while it is open. One a medd-sync wrote is given at
    /// `X-MEDD-ANSWERED-AT`; one another client gave (its STATUS no longer the `X-MEDD-STATE` beside it)
    /// at the time that client wrote (`clientAnswerTime`).
    public func answer(times: ClientTimes, ownStamp: Instant?, seenAt: Instant) -> Answer? {
        let kind: Answer.Kind
        switch status {
        case .completed: kind = .taken
        case .cancelled: kind = statusIsMedds && meddState == .missed ? .missed : .skipped
        case .needsAction, .inProcess: return nil
        }
        if statusIsMedds, let meddAnswered { return Answer(kind: kind, at: meddAnswered) }
        return Answer(kind: kind, at: clientAnswerTime(times: times, ownStamp: ownStamp) ?? seenAt)
    }

    /// When the client that answered says it did, in this order: `COMPLETED` (a taken dose's own time,
    /// in UTC, a TZID's zone, or floating in the medication's zone), then its `LAST-MODIFIED` or
    /// `DTSTAMP` — never one a medd-sync wrote (`X-MEDD-STAMP`, or `ownStamp`: the last this one wrote,
    /// for a client that dropped the X- properties). Nil: the client said nothing of when.
    public func clientAnswerTime(times: ClientTimes, ownStamp: Instant?) -> Instant? {
        if status == .completed, let completed, let at = times.instant(completed, medication: doseID.medication) { return at }
        let meddWrote = meddState != nil || meddStamp != nil
        func isClients(_ stamp: Instant?) -> Instant? {
            guard let stamp, stamp != meddStamp, stamp != ownStamp else { return nil }
            return stamp
        }
        if let modified = isClients(lastModified) { return modified }
        // A DTSTAMP beside medd-sync's properties but without its X-MEDD-STAMP is medd-sync's own (an
        // older medd-sync wrote no X-MEDD-STAMP).
        if meddWrote, meddStamp == nil { return nil }
        return isClients(stamp)
    }

    /// The to-do holds an answer another client gave without saying when: its time is the moment
    /// medd-sync first saw it.
    public func answerIsUntimed(times: ClientTimes, ownStamp: Instant?) -> Bool {
        (status == .completed || status == .cancelled) && !statusIsMedds && clientAnswerTime(times: times, ownStamp: ownStamp) == nil
    }

    /// Answers the dose had before the one the to-do holds: those listed in `X-MEDD-REPLACED`, and a
    /// medd-sync's answer that another client's answer overwrote (the X- properties still say it).
    public var earlierAnswers: [Answer] {
        var earlier = replacedAnswers
        if !statusIsMedds, let meddState, let kind = Answer.Kind(meddState), kind.isGivenByAPerson, let meddAnswered {
            earlier.append(Answer(kind: kind, at: meddAnswered))
        }
        return earlier
    }

    /// The STATUS a dose in this state has on the server.
    public static func status(of state: DoseState) -> Status {
        switch state {
        case .taken, .measured: .completed
        case .skipped, .missed: .cancelled
        case .planned, .pending, .snoozed, .untracked: .needsAction
        }
    }
}
