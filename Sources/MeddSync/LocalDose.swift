public import MeddControl
public import MeddCore

/// A dose as medd reports it over Varlink (`ListDoses`, `Watch`): what medd-sync publishes.
public struct LocalDose: Hashable, Sendable {
    public var id: DoseID
    public var name: String
    public var doseText: String
    public var due: Instant
    public var state: DoseState
    public var answeredAt: Instant?
    public var source: EventSource?
    public var snoozeUntil: Instant?
    public var person: String?
    /// false for a medication with `remind = false`: its to-do carries no alarm.
    public var remind: Bool
    /// A reminder to measure: its measurement's kind, and the values of its readings with their unit.
    public var measurement: MeasurementKind?
    public var readings: [String] = []
    public var unit: String = ""
    /// When each of `readings` was taken, in the same order (empty from a medd that does not say).
    public var readingTimes: [Instant] = []

    public init(id: DoseID, name: String, doseText: String, due: Instant, state: DoseState, answeredAt: Instant? = nil,
                source: EventSource? = nil, snoozeUntil: Instant? = nil, person: String? = nil, remind: Bool = true) {
        self.id = id
        self.name = name
        self.doseText = doseText
        self.due = due
        self.state = state
        self.answeredAt = answeredAt
        self.source = source
        self.snoozeUntil = snoozeUntil
        self.person = person
        self.remind = remind
    }

    /// Reads a Varlink `Dose` object; nil when a field medd always sends is missing or unreadable.
    public init?(varlink value: JSONValue) {
        guard let object = value.objectValue,
              let id = object["id"]?.stringValue.flatMap(DoseID.init(parsing:)),
              let usec = object["usec"]?.intValue,
              let state = object["state"]?.stringValue.flatMap(DoseState.init(rawValue:)) else { return nil }
        self.id = id
        name = object["name"]?.stringValue ?? id.medication
        doseText = object["dose"]?.stringValue ?? ""
        due = Instant(usec: Int64(usec))
        self.state = state
        answeredAt = object["answeredUsec"]?.intValue.map { Instant(usec: Int64($0)) }
            ?? object["answeredAt"]?.stringValue.flatMap(Instant.init(iso8601:))
        source = object["source"]?.stringValue.flatMap(EventSource.init(rawValue:))
        snoozeUntil = object["snoozeUntil"]?.stringValue.flatMap(Instant.init(iso8601:))
        person = object["person"]?.stringValue
        remind = object["remind"]?.boolValue ?? true
        measurement = object["measurement"]?.stringValue.flatMap(MeasurementKind.init(rawValue:))
        readings = object["readings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        unit = object["unit"]?.stringValue ?? ""
        readingTimes = object["readingTimes"]?.arrayValue?.compactMap { $0.stringValue.flatMap(Instant.init(iso8601:)) } ?? []
    }

    /// The answer medd holds for it; nil while it is open or planned. A reminder to measure answered by
    /// its readings is done as a taken dose is: a completed to-do.
    public var answer: Answer? {
        guard let kind = Answer.Kind(state), let answeredAt else { return nil }
        return Answer(kind: kind, at: answeredAt)
    }
}
