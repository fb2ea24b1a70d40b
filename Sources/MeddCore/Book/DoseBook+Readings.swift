/// Readings: a measurement's value recorded, answering its open reminder to measure.
extension DoseBook {
    /// Records a reading of the measurement `id`, written `text` (checked against its kind, unit and
    /// plausible range), taken at `at` (default now). It answers the measurement's reminder that is
    /// open at that time, or due within `early` after it; with `readings = N` the reminder stays open
    /// until its Nth reading. A reading with no reminder to answer is recorded under its own time's ID,
    /// as an as-needed dose is.
    ///
    /// `reminder` names the reminder to answer (a to-do of it completed on another device, `caldav`): the
    /// reading answers that one, and, since the person completed it, answers it whole; with no `text` the
    /// reminder is answered as done with no reading. Told again of what it holds (a final reminder with
    /// that reading, or done), the book changes nothing.
    public mutating func measure(_ id: String, _ text: String?, reminder named: DoseID? = nil, at: Instant? = nil, note: String? = nil,
                                 decimalSeparator: String = ".", source: EventSource, now: Instant) -> Result<Outcome, Rejection> {
        let when = at ?? now
        guard let measurement = configuration.measurement(id) else {
            return .failure(configuration.medication(id) != nil
                ? .invalidParameter("\(id) is a medication, not a measurement; `medctl taken \(id)` answers its dose")
                : .noSuchMeasurement(id))
        }
        guard when <= now + DoseBook.onTimeTolerance else {
            return .failure(.invalidParameter("`at` (\(when)) is in the future; a reading can only be recorded once it has been taken"))
        }
        guard text != nil || named != nil else {
            return .failure(.invalidParameter("a reading needs a value; only a named reminder is answered as done without one"))
        }
        var value: ReadingValue?
        if let text {
            switch ReadingValue.parse(text, kind: measurement.kind, unit: measurement.unit, decimalSeparator: decimalSeparator) {
            case .success(let parsed): value = parsed
            case .failure(let refusal): return .failure(.invalidValue(measurement: measurement.id, refusal.description))
            }
        }
        let record: DoseRecord
        if let named {
            guard named.medication == measurement.id else {
                return .failure(.invalidParameter("\(named) is not a reminder of \(measurement.id)"))
            }
            switch resolve(named.description, at: when) {
            case .success(let found): record = found
            case .failure(let rejection): return .failure(rejection)
            }
            if record.state.isFinal, value.map({ value in record.readings.contains { $0.value == value } }) ?? (record.state == .measured) {
                return .success(Outcome(record: record, effects: []))
            }
            if record.dose.scheduled - settings.early > when {
                return .failure(.answeredTooEarly(record.id, due: record.dose.scheduled, at: when, early: settings.early,
                                                  offsetSeconds: record.dose.utcOffset))
            }
        } else if let found = reminder(answeredBy: measurement, at: when) {
            record = found
        } else {
            record = ownRecord(of: measurement, at: when)
        }
        // A reminder answered already is measured after all when the measurement given elsewhere settles over
        // its answer (later than a skip, or over a miss), as a taken dose would.
        let settlesOver = named != nil && source == .caldav && record.isMeasuredOver(at: when)
        if value == nil, record.state.isFinal, !settlesOver,
           let kept = settleElsewhere(record, .taken, at: when, source: source, note: note, reason: nil) {
            // Done without a reading on another device, before the answer held here: kept as replaced.
            return .success(kept)
        }
        guard value != nil || !record.state.isFinal || settlesOver else {
            return .failure(.invalidParameter("a reading needs a value; only a reminder still open is answered as done without one"))
        }
        let answersReminder = (!record.state.isFinal && record.state != .untracked) || settlesOver
        let number = record.readings.count + 1
        let reading = value.map { value in
            !answersReminder ? measurement.reading(value, number: 1, of: 1)
                : measurement.reading(value, number: number, of: named != nil ? number : nil)
        }
        var effects: [Effect] = []
        let event = DoseEvent(kind: .measured, dose: record.dose, at: when, source: source, note: note, reading: reading)
        emit(event, into: &effects)
        if record.state.isOpen {
            effects.append(event.isFinal ? .closeAlert(record.id) : .alert(Alert(dose: record.dose, kind: .renotified, isReturn: true)))
        }
        if event.isFinal, answersReminder { followUp(record.dose, now: now, &effects) }
        effects.append(.wakeUp(at: nextWakeUp(after: now)))
        return .success(Outcome(record: records[record.id]!, effects: effects))
    }

    /// The reminder of `measurement` a reading taken at `when` answers: the open one due last by then (or
    /// within `early` after), else one planned within `early` after `when` or less than `grace` before.
    private func reminder(answeredBy measurement: Measurement, at when: Instant) -> DoseRecord? {
        guard measurement.hasReminders else { return nil }
        let open = self.open.filter { $0.medication == measurement.id }.compactMap { records[$0] }
            .filter { $0.dose.scheduled - settings.early <= when }
        if let latest = open.max(by: { $0.dose.scheduled < $1.dose.scheduled }) { return latest }
        let planned = planner.doses(from: when - settings.grace + TimeSpan(seconds: 1), to: when + settings.early + TimeSpan(seconds: 1),
                                    medication: measurement.id, records: records)
        guard let next = planned.first(where: { records[$0.id] == nil && isTracked($0) }) else { return nil }
        return record(of: next)
    }

    /// The record a reading with no reminder to answer goes under: its own time's, in the measurement's zone.
    private func ownRecord(of measurement: Measurement, at when: Instant) -> DoseRecord {
        let local = planner.rules(for: measurement.reminders).local(when)
        return ownRecord(of: measurement, id: DoseID(medication: measurement.id, date: local.date, time: local.time))
    }

    /// The record of `id`, due when its date and time are read in the measurement's zone.
    private func ownRecord(of measurement: Measurement, id: DoseID) -> DoseRecord {
        if let existing = records[id] { return existing }
        let (scheduled, offset) = planner.rules(for: measurement.reminders).resolve(id.date, id.time)
        return DoseRecord(dose: Dose(id: id, name: measurement.name, doseText: "", scheduled: scheduled, utcOffset: offset,
                                     measurement: measurement.kind))
    }
}

/// Readings brought in from a file (`medctl import`): recorded as they were taken, each once.
extension DoseBook {
    /// One reading as `medctl measurements --format csv` writes it.
    public struct ImportedReading: Hashable, Sendable {
        public var measurement: String
        public var value: String
        public var unit: String
        public var at: Instant
        /// The reminder it answered, or its own ID; nil: the ID of its own time.
        public var dose: DoseID?
        public var target: String?
        public var number: Int
        public var of: Int
        public var source: EventSource
        public var note: String?

        public init(measurement: String, value: String, unit: String, at: Instant, dose: DoseID? = nil, target: String? = nil,
                    number: Int = 1, of: Int = 1, source: EventSource = .cli, note: String? = nil) {
            self.measurement = measurement
            self.value = value
            self.unit = unit
            self.at = at
            self.dose = dose
            self.target = target
            self.number = number
            self.of = of
            self.source = source
            self.note = note
        }
    }

    /// What an import did: how many readings it added, and how many were there already.
    public struct ImportOutcome: Hashable, Sendable {
        public var added: Int
        public var present: Int
        public var effects: [Effect]
    }

    /// Records `readings` in one piece, or none of them: each must be of a configured measurement, a
    /// value of its kind in its unit, taken by `now`, with a reminder ID of that measurement. A reading
    /// in `existing` (the ledger's readings over the same time) or earlier in `readings` (the same
    /// measurement, instant and value) is not recorded again. The failure names the reading by its index.
    public mutating func importReadings(_ readings: [ImportedReading], existing: [DoseEvent], now: Instant) -> Result<ImportOutcome, Rejection> {
        struct Key: Hashable {
            var measurement: String
            var usec: Int64
            var value: String
        }
        var seen = Set(existing.compactMap { event in event.reading.map { Key(measurement: event.dose.medication, usec: event.at.usec, value: $0.value.description) } })
        var accepted: [(ImportedReading, Measurement, Reading)] = []
        var present = 0
        for (index, imported) in readings.enumerated() {
            func refuse(_ why: String) -> Result<ImportOutcome, Rejection> {
                .failure(.invalidImport(index: index, measurement: imported.measurement, why))
            }
            guard let measurement = configuration.measurement(imported.measurement) else {
                return refuse("no measurement \"\(imported.measurement)\" in the configuration")
            }
            let unitAllowed = measurement.kind.units.isEmpty ? imported.unit == measurement.unit : measurement.kind.units.contains(imported.unit)
            guard unitAllowed else {
                return refuse("\"\(imported.unit)\" is not a unit of \(measurement.id) (\(measurement.kind.rawValue) in \(DisplayText.quoted(measurement.unit)))")
            }
            let value: ReadingValue
            switch ReadingValue.parse(imported.value, kind: measurement.kind, unit: imported.unit) {
            case .success(let parsed): value = parsed
            case .failure(let refusal): return refuse(refusal.description)
            }
            guard imported.at <= now + DoseBook.onTimeTolerance else {
                return refuse("taken at \(imported.at), which is in the future")
            }
            if let dose = imported.dose, dose.medication != measurement.id {
                return refuse("\(dose) is not a reminder of \(measurement.id)")
            }
            var target: MeasurementTarget?
            if let text = imported.target {
                guard case .success(let parsed) = MeasurementTarget.parse(text, kind: measurement.kind) else {
                    return refuse("\(DisplayText.quoted(text)) is not a target of \(measurement.kind.rawValue)")
                }
                target = parsed
            }
            guard imported.number >= 1, imported.of >= imported.number, Measurement.readingsLimit.contains(imported.of) else {
                return refuse("reading \(imported.number)/\(imported.of) is not one of a reminder's 1 to \(Measurement.readingsLimit.upperBound) readings")
            }
            let key = Key(measurement: measurement.id, usec: imported.at.usec, value: value.description)
            guard seen.insert(key).inserted else {
                present += 1
                continue
            }
            accepted.append((imported, measurement, Reading(value: value, unit: imported.unit, target: target, number: imported.number, of: imported.of)))
        }
        var effects: [Effect] = []
        for (imported, measurement, reading) in accepted {
            let record = imported.dose.map { id in records[id] ?? planner.dose(id, records: records).map(record(of:)) ?? ownRecord(of: measurement, id: id) }
                ?? ownRecord(of: measurement, at: imported.at)
            emit(DoseEvent(kind: .measured, dose: record.dose, at: imported.at, source: imported.source, note: imported.note, reading: reading),
                 imported: true, into: &effects)
            if record.state.isOpen, reading.completes { effects.append(.closeAlert(record.id)) }
        }
        if !accepted.isEmpty { effects.append(.wakeUp(at: nextWakeUp(after: now))) }
        return .success(ImportOutcome(added: accepted.count, present: present, effects: effects))
    }
}
