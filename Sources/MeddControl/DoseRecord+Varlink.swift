public import MeddCore

extension DoseRecord {
    /// The `Dose` object of the control interface; times in the dose's own UTC offset.
    public var varlinkValue: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id.description),
            "medication": .string(dose.medication),
            "name": .string(dose.name),
            "dose": .string(dose.doseText),
            "scheduled": .string(dose.scheduledText),
            "usec": .integer(Int(dose.scheduled.usec)),
            "state": .string(state.rawValue),
        ]
        if let answeredAt {
            object["answeredAt"] = .string(answeredAt.format(offsetSeconds: dose.utcOffset))
            object["answeredUsec"] = .integer(Int(answeredAt.usec))
        }
        if let source { object["source"] = .string(source.rawValue) }
        if let snoozeUntil { object["snoozeUntil"] = .string(snoozeUntil.format(offsetSeconds: dose.utcOffset)) }
        if let note { object["note"] = .string(note) }
        return .object(object)
    }
}
