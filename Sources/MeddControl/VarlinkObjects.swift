public import MeddCore

// The object types of the control interface (`Dose`, `Medication`, `AdherenceCounts` in io.medd.Control.varlink),
// built from the core's values.

extension DoseRecord {
    /// The `Dose` object of the control interface; times in the dose's own UTC offset. `person` is
    /// whom the dose's medication is for in `configuration`.
    public func varlinkValue(in configuration: Configuration) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: varlinkMembers(in: configuration)))
    }

    /// The `Dose` object of the control interface, for a medication that is for `person` and whose doses
    /// are shown (`remind`) or not.
    public func varlinkValue(person: String?, remind: Bool = true) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: varlinkMembers(person: person, remind: remind, readingsDue: nil)))
    }

    /// The members of `varlinkValue(in:)` in the order of their keys, for `JSONValue.writeObject`: a history of
    /// years is written without building a dictionary for each dose.
    public func varlinkMembers(in configuration: Configuration) -> [(key: String, value: JSONValue)] {
        let subject = configuration.subject(dose.medication)
        let readingsDue = dose.isMeasurement ? configuration.measurement(dose.medication)?.readingsPerReminder ?? readings.first?.of ?? 1 : nil
        return varlinkMembers(person: subject?.person, remind: subject?.remind ?? true, readingsDue: readingsDue)
    }

    /// Appended in the order of their keys; `readingsDue` only for a reminder to measure.
    func varlinkMembers(person: String?, remind: Bool, readingsDue: Int?) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(19)
        if let answeredAt {
            members.append(("answeredAt", .string(answeredAt.format(offsetSeconds: dose.utcOffset))))
            members.append(("answeredUsec", .integer(Int(answeredAt.usec))))
        }
        members.append(("dose", .string(dose.doseText)))
        members.append(("id", .string(id.description)))
        if let measurement = dose.measurement { members.append(("measurement", .string(measurement.rawValue))) }
        members.append(("medication", .string(dose.medication)))
        members.append(("name", .string(dose.name)))
        if let note { members.append(("note", .string(note))) }
        if let person { members.append(("person", .string(person))) }
        if dose.isMeasurement {
            members.append(("readingTimes", .array(readingTimes.map { .string($0.format(offsetSeconds: dose.utcOffset)) })))
            members.append(("readings", .array(readings.map { .string($0.value.description) })))
            if let readingsDue { members.append(("readingsDue", .integer(readingsDue))) }
        }
        if let reason { members.append(("reason", .string(reason))) }
        if !remind { members.append(("remind", .bool(false))) }
        members.append(("scheduled", .string(dose.scheduledText)))
        if let snoozeUntil { members.append(("snoozeUntil", .string(snoozeUntil.format(offsetSeconds: dose.utcOffset)))) }
        if let source { members.append(("source", .string(source.rawValue))) }
        members.append(("state", .string(state.rawValue)))
        if dose.isMeasurement, let unit = readings.last?.unit { members.append(("unit", .string(unit))) }
        members.append(("usec", .integer(Int(dose.scheduled.usec))))
        return members
    }
}

extension Reading {
    /// The parts of a `Reading` object the reading itself holds.
    fileprivate var varlinkValue: JSONValue {
        var object: [String: JSONValue] = ["value": .string(value.description), "unit": .string(unit),
                                           "number": .integer(number), "of": .integer(of)]
        if case .bloodPressure(let systolic, let diastolic, let pulse) = value {
            object["systolic"] = .integer(systolic)
            object["diastolic"] = .integer(diastolic)
            if let pulse { object["pulse"] = .integer(pulse) }
        }
        if let target {
            object["target"] = .string(target.description)
            object["inTarget"] = .bool(!isOutsideTarget)
        }
        return .object(object)
    }
}

extension DoseEvent {
    /// The `Reading` object of the control interface, for a `measured` event; `person` is whom the measurement is for.
    public func readingValue(person: String?) -> JSONValue? {
        guard let reading, let measurement = dose.measurement, case .object(var object) = reading.varlinkValue else { return nil }
        object["measurement"] = .string(dose.medication)
        object["kind"] = .string(measurement.rawValue)
        object["name"] = .string(dose.name)
        object["at"] = .string(at.format(offsetSeconds: dose.utcOffset))
        object["usec"] = .integer(Int(at.usec))
        object["dose"] = .string(dose.id.description)
        object["source"] = .string(source.rawValue)
        if let note { object["note"] = .string(note) }
        if let person { object["person"] = .string(person) }
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
