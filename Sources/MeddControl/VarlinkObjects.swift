public import MeddCore

// The object types of the control interface (`Dose`, `Medication`, `AdherenceCounts` in io.medd.Control.varlink),
// built from the core's values.

extension DoseRecord {
    /// The `Dose` object of the control interface; times in the dose's own UTC offset. `person` is
    /// whom the dose's medication is for in `configuration`.
    public func varlinkValue(in configuration: Configuration) -> JSONValue {
        var builder = JSONObjectBuilder()
        addVarlinkMembers(in: configuration, to: &builder)
        return .object(builder.object)
    }

    /// The `Dose` object of the control interface, for a medication that is for `person` and whose doses
    /// are shown (`remind`) or not.
    public func varlinkValue(person: String?, remind: Bool = true) -> JSONValue {
        var builder = JSONObjectBuilder()
        addVarlinkMembers(person: person, remind: remind, readingsDue: nil, to: &builder)
        return .object(builder.object)
    }

    /// The members of `varlinkValue(in:)`, in the order of their keys: a history of years is written with a
    /// `JSONObjectWriter`, without building a dictionary for each dose.
    public func addVarlinkMembers(in configuration: Configuration, to members: inout some JSONObjectMembers) {
        let subject = configuration.subject(dose.medication)
        let readingsDue = dose.isMeasurement ? configuration.measurement(dose.medication)?.readingsPerReminder ?? readings.first?.of ?? 1 : nil
        addVarlinkMembers(person: subject?.person, remind: subject?.remind ?? true, readingsDue: readingsDue, to: &members)
    }

    /// `readingsDue` only for a reminder to measure.
    func addVarlinkMembers(person: String?, remind: Bool, readingsDue: Int?, to members: inout some JSONObjectMembers) {
        let offset = dose.utcOffset
        if let answeredAt {
            members.add("answeredAt", time: answeredAt, offsetSeconds: offset)
            members.add("answeredUsec", .integer(Int(answeredAt.usec)))
        }
        members.add("dose", .string(dose.doseText))
        members.add("id", dose: id)
        if let measurement = dose.measurement { members.add("measurement", .string(measurement.rawValue)) }
        members.add("medication", .string(dose.medication))
        members.add("name", .string(dose.name))
        if let note { members.add("note", .string(note)) }
        if let person { members.add("person", .string(person)) }
        if dose.isMeasurement {
            members.add("readingTimes", .array(readingTimes.map { .string($0.format(offsetSeconds: offset)) }))
            members.add("readings", .array(readings.map { .string($0.value.description) }))
            if let readingsDue { members.add("readingsDue", .integer(readingsDue)) }
        }
        if let reason { members.add("reason", .string(reason)) }
        if !remind { members.add("remind", .bool(false)) }
        members.add("scheduled", time: dose.scheduled, offsetSeconds: offset)
        if let snoozeUntil { members.add("snoozeUntil", time: snoozeUntil, offsetSeconds: offset) }
        if let source { members.add("source", .string(source.rawValue)) }
        members.add("state", .string(state.rawValue))
        if dose.isMeasurement, let unit = readings.last?.unit { members.add("unit", .string(unit)) }
        members.add("usec", .integer(Int(dose.scheduled.usec)))
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
            "schedule": .string(scheduleDescription.english),
            "timing": scheduleDescription.varlinkValue,
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
        if let pausedUntil { object["pausedUntil"] = .string(pausedUntil.iso8601) }
        if let expiry { object["expiry"] = .string(expiry.rawValue) }
        return .object(object)
    }
}

extension MedicationEffect {
    /// The `MedicationEffect` object of the control interface; amounts rounded to thousandths.
    public var varlinkValue: JSONValue {
        func number(_ value: Double?) -> JSONValue {
            value.map { .number(($0 * 1000).rounded() / 1000) } ?? .null
        }
        var perDoseObject: [String: JSONValue] = [
            "pairs": .integer(perDose.pairs), "needed": .integer(needed.dosePairs),
            "medianChange": number(perDose.medianChange), "medianDiastolicChange": number(perDose.medianDiastolicChange),
        ]
        if let windows = perDose.windows {
            perDoseObject["beforeMinutes"] = .integer(Int(windows.before.seconds / 60))
            perDoseObject["afterMinutes"] = .array([.integer(Int(windows.after.lowerBound / 60)), .integer(Int(windows.after.upperBound / 60))])
        }
        var object: [String: JSONValue] = [
            "medication": .string(medication),
            "measurement": .string(measurement),
            "kind": .string(kind.rawValue),
            "unit": .string(unit),
            "verdict": .string(verdict.rawValue),
            "confidence": .integer(confidence),
            "threshold": number(threshold),
            "improvement": number(improvement),
            "perDose": .object(perDoseObject),
            "trend": .object([
                "recentMean": number(trend.recentMean), "earlierMean": number(trend.earlierMean), "change": number(trend.change),
                "recentDiastolicMean": number(trend.recentDiastolicMean), "earlierDiastolicMean": number(trend.earlierDiastolicMean),
                "recentReadings": .integer(trend.recentReadings), "earlierReadings": .integer(trend.earlierReadings),
                "needed": .integer(needed.readingsPerWindow),
            ]),
            "adherence": .object([
                "due": .integer(adherence.dosesDue), "taken": .integer(adherence.dosesTaken),
                "share": number(adherence.share), "needed": number(needed.adherence),
            ]),
        ]
        if let doubt { object["doubt"] = .string(doubt.rawValue) }
        return .object(object)
    }

    /// A `MedicationEffect` object of an `Effect` reply over `period` in `mode` (the reply's since, until
    /// and mode); nil when a member is missing or of the wrong kind. The windows and the samples needed
    /// follow from the kind, the unit and the mode.
    public init?(varlinkValue value: JSONValue, period: Range<Instant>, mode: EffectMode) {
        guard let medication = value["medication"]?.stringValue, let measurement = value["measurement"]?.stringValue,
              let kind = value["kind"]?.stringValue.flatMap(MeasurementKind.init(rawValue:)), let unit = value["unit"]?.stringValue,
              let verdict = value["verdict"]?.stringValue.flatMap(Verdict.init(rawValue:)),
              let confidence = value["confidence"]?.intValue, let threshold = value["threshold"]?.doubleValue,
              let perDose = value["perDose"], let pairs = perDose["pairs"]?.intValue,
              let trend = value["trend"], let recentReadings = trend["recentReadings"]?.intValue,
              let earlierReadings = trend["earlierReadings"]?.intValue,
              let adherence = value["adherence"], let due = adherence["due"]?.intValue, let taken = adherence["taken"]?.intValue
        else { return nil }
        let doubtText = value["doubt"]?.stringValue
        let doubt = doubtText.flatMap(Doubt.init(rawValue:))
        if doubtText != nil, doubt == nil { return nil }
        self.init(medication: medication, measurement: measurement, kind: kind, unit: unit, mode: mode, period: period,
                  verdict: verdict, doubt: doubt, confidence: confidence, threshold: threshold,
                  improvement: value["improvement"]?.doubleValue,
                  perDose: PerDose(windows: DoseWindows.of(kind), pairs: pairs, medianChange: perDose["medianChange"]?.doubleValue,
                                   medianDiastolicChange: perDose["medianDiastolicChange"]?.doubleValue),
                  trend: Trend(recentMean: trend["recentMean"]?.doubleValue, earlierMean: trend["earlierMean"]?.doubleValue,
                               recentDiastolicMean: trend["recentDiastolicMean"]?.doubleValue,
                               earlierDiastolicMean: trend["earlierDiastolicMean"]?.doubleValue,
                               recentReadings: recentReadings, earlierReadings: earlierReadings),
                  adherence: Adherence(dosesDue: due, dosesTaken: taken), needed: mode.thresholds(kind: kind, unit: unit))
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
