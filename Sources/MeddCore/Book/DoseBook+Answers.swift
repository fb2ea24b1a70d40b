/// Answers: taken, skipped, snoozed — from the CLI, the desktop or a hook.
extension DoseBook {
    /// Marks a dose taken. `target` is a dose ID, or a medication ID meaning its open dose,
    /// the next dose within `early`, or a new as-needed dose. `at` is when it was taken (default now):
    /// `early` and an as-needed medication's limits are checked at that time, not when the answer came.
    public mutating func take(_ target: String, at: Instant? = nil, note: String? = nil,
                              source: EventSource, now: Instant) -> Result<Outcome, Rejection> {
        let when = at ?? now
        guard when <= now + DoseBook.onTimeTolerance else {
            return .failure(.invalidParameter("`at` (\(when)) is in the future; a dose can only be marked taken once it has been taken"))
        }
        if let measurement = configuration.measurement(DoseID(parsing: target)?.medication ?? target) {
            return .failure(.invalidParameter("\(measurement.id) is a measurement, not a medication; record a reading with `medctl measure \(measurement.id) VALUE`"))
        }
        let resolved: Result<DoseRecord, Rejection>
        let id = DoseID(parsing: target)
        if let med = configuration.subject(id?.medication ?? target), med.isAsNeeded, id.map({ records[$0] == nil }) ?? true {
            resolved = asNeededDose(med, at: when, named: id)
        } else {
            resolved = resolve(target, at: when)
        }
        return resolved.flatMap { record in
            if record.dose.scheduled - settings.early > when {
                if at == nil || record.state == .planned && when >= now { return .failure(.notYetDue(record.id, due: record.dose.scheduled)) }
                return .failure(.answeredTooEarly(record.id, due: record.dose.scheduled, at: when, early: settings.early,
                                                  offsetSeconds: record.dose.utcOffset))
            }
            if let settled = settleElsewhere(record, .taken, at: when, source: source, note: note, reason: nil) { return .success(settled) }
            if record.state == .taken { return .success(Outcome(record: record, effects: [])) }
            return .success(finish(record, .taken, at: when, source: source, note: note, reason: nil, now: now))
        }
    }

    /// Marks a dose skipped. A dose ID may name any dose in the plan; a medication ID its open dose
    /// or the next one within `early`. `at` is when it was skipped (default now).
    public mutating func skip(_ target: String, at: Instant? = nil, reason: String? = nil,
                              source: EventSource, now: Instant) -> Result<Outcome, Rejection> {
        let when = at ?? now
        guard when <= now + DoseBook.onTimeTolerance else {
            return .failure(.invalidParameter("`at` (\(when)) is in the future; a dose can only be skipped now or before"))
        }
        return resolve(target, at: when).map { record in
            if let settled = settleElsewhere(record, .skipped, at: when, source: source, note: nil, reason: reason) { return settled }
            if record.state == .skipped { return Outcome(record: record, effects: []) }
            return finish(record, .skipped, at: when, source: source, note: nil, reason: reason, now: now)
        }
    }

    /// An answer given on another device (`caldav`) to a dose answered already carries its own time,
    /// and every machine settles it alike (`Answer.wins`): nil when it wins and is recorded as usual;
    /// else nothing changes, and an answer not recorded before is kept as `replaced`. A person's answer
    /// here (`cli`, `desktop`) is always the latest word: it replaces whatever came before.
    mutating func settleElsewhere(_ record: DoseRecord, _ kind: Answer.Kind, at when: Instant, source: EventSource,
                                          note: String?, reason: String?) -> Outcome? {
        guard source == .caldav, let current = record.answer else { return nil }
        let incoming = Answer(kind: kind, at: when)
        if record.holds(incoming) || current.kind == kind { return Outcome(record: record, effects: []) }
        if incoming.wins(over: current) { return nil }
        var effects: [Effect] = []
        emit(DoseEvent(kind: .replaced, dose: record.dose, at: when, source: source,
                       reason: reason ?? "\(current.kind.rawValue) at \(Instant(seconds: current.at.seconds)) stands", note: note,
                       answer: kind.eventKind), into: &effects)
        return Outcome(record: records[record.id] ?? record, effects: effects)
    }

    /// Snoozes an open dose; a new snooze replaces any other on the same snooze ID.
    public mutating func snooze(_ target: String, length: TimeSpan? = nil,
                                source: EventSource, now: Instant) -> Result<Outcome, Rejection> {
        let span = length ?? settings.defaultSnooze
        guard span.seconds >= 60, span <= Self.longestSnooze else {
            return .failure(.invalidParameter("a snooze lasts from 1 minute to \(Self.longestSnooze); got \(span)"))
        }
        return resolve(target, at: now).flatMap { record in
            switch record.state {
            case .planned:
                return .failure(.notYetDue(record.id, due: record.dose.scheduled))
            case .untracked:
                return .failure(.invalidParameter("\(record.id) was due before medd tracked \(record.dose.medication) and never alerted; "
                                                  + "it can be marked taken or skipped, not snoozed"))
            case .taken, .skipped, .missed, .measured:
                return .failure(.alreadyFinal(record.id, record.state))
            case .pending, .snoozed:
                var effects: [Effect] = []
                emit(DoseEvent(kind: .snoozed, dose: record.dose, at: now, source: source, snoozeUntil: now + span), into: &effects)
                effects.append(.closeAlert(record.id))
                effects.append(.wakeUp(at: nextWakeUp(after: now)))
                return .success(Outcome(record: records[record.id]!, effects: effects))
            }
        }
    }

    private mutating func finish(_ record: DoseRecord, _ kind: EventKind, at: Instant, source: EventSource,
                                 note: String?, reason: String?, now: Instant) -> Outcome {
        var effects: [Effect] = []
        emit(DoseEvent(kind: kind, dose: record.dose, at: at, source: source, reason: reason, note: note), into: &effects)
        if record.state.isOpen { effects.append(.closeAlert(record.id)) }
        followUp(record.dose, now: now, &effects)
        effects.append(.wakeUp(at: nextWakeUp(after: now)))
        return Outcome(record: records[record.id]!, effects: effects)
    }

    /// After an answer to a dose of an `after_taken` medication, the next dose it makes may be due already
    /// (the answer came late, or names an earlier time): that dose alerts now, or is missed when it was due
    /// more than grace ago (and the one after it is looked at in turn). It is part of the answer's effects,
    /// so it is recorded with it: no restart can come between them. Untracked doses between are passed
    /// over (they never alert), not taken as the end: a backdated answer can make the dose after an
    /// untracked one due exactly at the watermark, where no `advance` would fire it.
    mutating func followUp(_ answered: Dose, now: Instant, _ effects: inout [Effect]) {
        guard afterTakenMedications.contains(answered.medication),
              let med = configuration.subject(answered.medication) else { return }
        while let next = planner.afterTakenDoses(med, on: answered.id.date, records: records)
                .first(where: { $0.scheduled > answered.scheduled && records[$0.id] == nil && isTracked($0) }),
              next.scheduled <= now {
            if TimeSpan(seconds: now.seconds - next.scheduled.seconds) < settings.grace {
                return fire(next, now, &effects)
            }
            emit(DoseEvent(kind: .missed, dose: next, at: now, source: .daemon, reason: MissedReason.cameDueBeforeThePreviousWasAnswered.recorded),
                 into: &effects)
        }
    }

    /// Finds the dose a target names, as the book knows it (`planned` or `untracked` if it has no events yet).
    public func resolve(_ target: String, at when: Instant) -> Result<DoseRecord, Rejection> {
        if let id = DoseID(parsing: target) {
            if let record = records[id] { return .success(record) }
            if let dose = planner.dose(id, records: records) { return .success(record(of: dose)) }
            if configuration.subject(id.medication) == nil { return .failure(.noSuchMedication(id.medication)) }
            return .failure(.noSuchDose(target))
        }
        guard MedicationID.isValid(target) else { return .failure(.noSuchDose(target)) }
        guard configuration.subject(target) != nil else { return .failure(.noSuchMedication(target)) }
        let openDoses = open.filter { $0.medication == target }.sorted()
        if openDoses.count > 1 { return .failure(.ambiguous(openDoses)) }
        if let id = openDoses.first, let record = records[id] { return .success(record) }
        let upcoming = planner.doses(from: when - settings.grace, to: when + .days(Int64(settings.horizonDays)), medication: target, records: records)
        guard let next = upcoming.first(where: { records[$0.id] == nil }) else {
            return .failure(.noSuchDose(target))
        }
        if next.scheduled - settings.early > when { return .failure(.notYetDue(next.id, due: next.scheduled)) }
        return .success(record(of: next))
    }

    /// The as-needed dose taken at `when`, if `min_interval` and `max_per_day` allow it. `named` is
    /// its ID when it was taken elsewhere and is known by it (a to-do another device answered).
    private func asNeededDose(_ med: Medication, at when: Instant, named: DoseID? = nil) -> Result<DoseRecord, Rejection> {
        guard case .asNeeded(let minInterval, let maxPerDay) = med.schedule else {
            return .failure(.noSuchDose(med.id))
        }
        let rules = planner.rules(for: med)
        let local = named.map { (date: $0.date, time: $0.time) } ?? rules.local(when)
        let id = DoseID(medication: med.id, date: local.date, time: local.time)
        if let existing = records[id] { return .success(existing) }
        let taken = records.values.filter { $0.dose.medication == med.id && $0.state == .taken }
        if let minInterval, let last = taken.compactMap(\.answeredAt).filter({ $0 <= when }).max(), last + minInterval > when {
            return .failure(.limitReached("\(med.id) was last taken at \(rules.format(last)); min_interval \(minInterval) allows the next dose at \(rules.format(last + minInterval))"))
        }
        if let maxPerDay {
            let today = taken.filter { rules.local($0.answeredAt ?? $0.dose.scheduled).date == local.date }.count
            if today >= maxPerDay {
                return .failure(.limitReached("\(med.id) was already taken \(today) times on \(local.date); max_per_day is \(maxPerDay)"))
            }
        }
        let (scheduled, offset) = rules.resolve(local.date, local.time)
        return .success(DoseRecord(dose: Dose(id: id, name: med.name, doseText: med.amount(on: local.date, at: local.time).dose,
                                              scheduled: scheduled, utcOffset: offset, measurement: med.measures)))
    }
}

/// What an answer returns: accepted with its effects, or refused with a reason.
extension DoseBook {
    /// An accepted answer: the dose as it now stands and what the runtime must do.
    public struct Outcome: Hashable, Sendable {
        public var record: DoseRecord
        public var effects: [Effect]
    }

    /// Why the dose book refused an answer; each maps to one Varlink error.
    public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
        case noSuchDose(String)
        case noSuchMedication(String)
        case noSuchMeasurement(String)
        /// A reading that is not a value of its measurement's kind, or not one a real measurement gives.
        case invalidValue(measurement: String, String)
        /// A reading of an import that cannot be recorded: its index in the import, and why.
        case invalidImport(index: Int, measurement: String, String)
        case notYetDue(DoseID, due: Instant)
        /// An answer whose own time is more than `early` before the dose was due.
        case answeredTooEarly(DoseID, due: Instant, at: Instant, early: TimeSpan, offsetSeconds: Int)
        case ambiguous([DoseID])
        case limitReached(String)
        case alreadyFinal(DoseID, DoseState)
        case invalidParameter(String)
        /// A refill that cannot be recorded: of a measurement, of a medication that counts no stock, or an
        /// amount that is not one a refill adds.
        case invalidRefill(medication: String, String)

        public var description: String {
            switch self {
            case .noSuchDose(let text):
                return "no dose \"\(text)\" in the plan or the history; `medctl doses` lists them"
            case .noSuchMedication(let text):
                return "no medication \"\(text)\" in the configuration; `medctl meds` lists them"
            case .noSuchMeasurement(let text):
                return "no measurement \"\(text)\" in the configuration; its [measurement.ID] tables name them"
            case .invalidValue(let measurement, let text):
                return "\(measurement): \(text)"
            case .invalidImport(let index, _, let text):
                return "reading \(index + 1): \(text)"
            case .notYetDue(let id, let due):
                return "\(id) is not due yet (due \(due)); it can be answered from `early` before that"
            case .answeredTooEarly(let id, let due, let at, let early, let offset):
                return "\(id) was due at \(due.format(offsetSeconds: offset)); an answer given at \(at.format(offsetSeconds: offset)) "
                    + "is more than `early` (\(early)) before that"
            case .ambiguous(let candidates):
                return "more than one open dose; name one of: \(candidates.map(\.description).joined(separator: ", "))"
            case .limitReached(let text):
                return text
            case .alreadyFinal(let id, let state):
                return "\(id) is already \(state.rawValue)"
            case .invalidParameter(let text), .invalidRefill(_, let text):
                return text
            }
        }
    }
}
