public import ICalendar
public import MeddCore

/// What the server holds for one dose: the VTODO's fields medd-sync reads back, from whoever wrote it
/// last (a medd-sync of any machine, or a phone that only changed its STATUS).
public struct ServerTodo: Hashable, Sendable {
    public var doseID: DoseID
    public var status: Status
    public var completed: Instant?
    public var lastModified: Instant?
    public var stamp: Instant?
    public var due: Instant?
    /// `X-MEDD-STATE` and `X-MEDD-ANSWERED`: the state a medd-sync wrote, and when that answer was given.
    public var meddState: DoseState?
    public var meddAnswered: Instant?
    /// The alarm's absolute trigger.
    public var alarm: Instant?

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
        let statusText = (try? todo.property("STATUS")?.text())?.uppercased() ?? "NEEDS-ACTION"
        status = Status(rawValue: statusText) ?? .needsAction
        completed = Self.instant(todo, "COMPLETED")
        lastModified = Self.instant(todo, "LAST-MODIFIED")
        stamp = Self.instant(todo, "DTSTAMP")
        due = Self.instant(todo, "DTSTART")
        meddState = (try? todo.property("X-MEDD-STATE")?.text()).flatMap(DoseState.init(rawValue:))
        meddAnswered = Self.instant(todo, "X-MEDD-ANSWERED")
        alarm = todo.components(named: "VALARM").first.flatMap { Self.instant($0, "TRIGGER") }
    }

    private static func instant(_ component: ICalendarComponent, _ name: String) -> Instant? {
        guard let property = component.property(name), let dateTime = try? property.dateTime() else { return nil }
        return dateTime.instant
    }

    /// The final answer the to-do holds; nil while it is open. A STATUS that no longer matches the
    /// `X-MEDD-STATE` beside it was changed by another client (a phone): the answer is then that
    /// client's, given at `COMPLETED` (taken) or when it last modified the to-do (cancelled: skipped).
    public var answer: Answer? {
        let writtenByMedd = meddState.map { Self.status(of: $0) == status } ?? false
        switch status {
        case .completed:
            let at = writtenByMedd ? meddAnswered ?? completed : completed ?? lastModified
            return Answer(kind: .taken, at: at ?? stamp ?? Instant(usec: 0))
        case .cancelled:
            if writtenByMedd, meddState == .missed { return Answer(kind: .missed, at: meddAnswered ?? lastModified ?? stamp ?? Instant(usec: 0)) }
            let at = writtenByMedd ? meddAnswered ?? lastModified : lastModified
            return Answer(kind: .skipped, at: at ?? stamp ?? Instant(usec: 0))
        case .needsAction, .inProcess:
            return nil
        }
    }

    /// The STATUS a dose in this state has on the server.
    public static func status(of state: DoseState) -> Status {
        switch state {
        case .taken: .completed
        case .skipped, .missed: .cancelled
        case .planned, .pending, .snoozed, .untracked: .needsAction
        }
    }
}
