public import MeddCore

// The object types of the control interface (`Dose`, `Medication`, `AdherenceCounts` in io.medd.Control.varlink),
// built from the core's values.

extension DoseRecord {
    /// The `Dose` object of the control interface; times in the dose's own UTC offset. `person` is
    /// whom the dose's medication is for in `configuration`.
    public func varlinkValue(in configuration: Configuration) -> JSONValue {
        varlinkValue(person: configuration.medication(dose.medication)?.person)
    }

    /// The `Dose` object of the control interface, for a medication that is for `person`.
    public func varlinkValue(person: String?) -> JSONValue {
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
        if let person { object["person"] = .string(person) }
        return .object(object)
    }
}

extension Medication {
    /// The `Medication` object of the control interface, with the stock level the daemon counts,
    /// the zone it follows (its own, else the settings') and where its expiry stands now.
    public func varlinkValue(stockLevel: Int?, zone: ZoneChoice, expiry: DoseBook.ExpiryStatus? = nil) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id),
            "name": .string(name),
            "dose": .string(dose),
            "schedule": .string(scheduleSummary),
            "paused": .bool(paused),
            "asNeeded": .bool(isAsNeeded),
        ]
        if case .named(let identifier) = timezone ?? zone { object["timezone"] = .string(identifier) }
        if let stockLevel { object["stock"] = .integer(stockLevel) }
        if let refillAt { object["refillAt"] = .integer(refillAt) }
        if let notes { object["notes"] = .string(notes) }
        if let person { object["person"] = .string(person) }
        if let expires { object["expires"] = .string(expires.iso8601) }
        if let expiry { object["expiry"] = .string(expiry.rawValue) }
        return .object(object)
    }
}

extension AdherenceCounts {
    /// The `AdherenceCounts` object of the control interface.
    public var varlinkValue: JSONValue {
        .object([
            "onTime": .integer(onTime),
            "late": .integer(late),
            "skipped": .integer(skipped),
            "missed": .integer(missed),
            "taken": .integer(taken),
            "percentage": percentage.map(JSONValue.number) ?? .null,
        ])
    }
}
