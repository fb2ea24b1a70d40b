public import MeddCore

// The object types of the control interface (`Dose`, `Medication`, `AdherenceCounts` in io.medd.Control.varlink),
// built from the core's values.

extension DoseRecord {
    /// The `Dose` object of the control interface; times in the dose's own UTC offset. `person` is
    /// whom the dose's medication is for in `configuration`.
    public func varlinkValue(in configuration: Configuration) -> JSONValue {
        let medication = configuration.medication(dose.medication)
        return varlinkValue(person: medication?.person, remind: medication?.remind ?? true)
    }

    /// The `Dose` object of the control interface, for a medication that is for `person` and whose doses
    /// are shown (`remind`) or not.
    public func varlinkValue(person: String?, remind: Bool = true) -> JSONValue {
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
        if let reason { object["reason"] = .string(reason) }
        if let person { object["person"] = .string(person) }
        if !remind { object["remind"] = .bool(false) }
        return .object(object)
    }
}

extension Medication {
    /// The `Medication` object of the control interface, with what the daemon knows beyond the
    /// configuration: the stock it counts and that count's forecast (times in `localZone`), the zone it
    /// follows (its own, else the settings'), where its expiry stands now and the person it is for.
    public func varlinkValue(stock count: StockCount?, forecast: StockForecast? = nil, zone: ZoneChoice,
                             expiry: DoseBook.ExpiryStatus? = nil, person: Person? = nil,
                             localZone: ZoneRules = .utc) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id),
            "name": .string(name),
            "dose": .string(dose),
            "schedule": .string(scheduleSummary),
            "paused": .bool(paused),
            "asNeeded": .bool(isAsNeeded),
        ]
        if case .named(let identifier) = timezone ?? zone { object["timezone"] = .string(identifier) }
        if let count {
            object["stock"] = .decimal(count.level)
            object["stockSince"] = .string(localZone.format(count.since))
            object["stockStart"] = .decimal(count.configured)
        }
        if let refillDue = forecast?.refillDue { object["refillDue"] = .string(localZone.format(refillDue)) }
        if let runsOut = forecast?.runsOut { object["runsOut"] = .string(localZone.format(runsOut)) }
        if let refillAt { object["refillAt"] = .decimal(refillAt) }
        if let notes { object["notes"] = .string(notes) }
        if let label = self.person {
            object["person"] = .string(label)
            if let name = person?.name { object["personName"] = .string(name) }
        }
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
