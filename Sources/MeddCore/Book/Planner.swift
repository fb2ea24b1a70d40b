/// Expands a configuration into doses. Pure: the same configuration, zone, records and range give the
/// same doses. Records matter only to `after_taken` medications, whose doses follow the answers.
public struct Planner: Sendable {
    public let configuration: Configuration
    /// The system zone that `timezone = "local"` follows.
    public let localZone: ZoneRules
    /// Since when medd has tracked each medication (the book's); an `after_taken` day counts a dose
    /// due before then, which no one was reminded of, from its due time as if skipped.
    public let trackedSince: [String: Instant]

    /// How many days one offline plan or calendar export may cover (`medd --plan --days`,
    /// `medctl plan`/`export --days`): ten years.
    public static let dayCounts = 1...3660

    public init(configuration: Configuration, localZone: ZoneRules, trackedSince: [String: Instant] = [:]) {
        self.configuration = configuration
        self.localZone = localZone
        self.trackedSince = trackedSince
    }

    /// Every scheduled dose due in `[from, to)`, ordered by due instant, then ID. `records` are the doses
    /// recorded so far (the book's), which `after_taken` medications plan from.
    public func doses(from: Instant, to: Instant, medication: String? = nil, records: [DoseID: DoseRecord] = [:]) -> [Dose] {
        var result: [Dose] = []
        let chained = configuration.subjects.filter { $0.isAfterTaken && (medication == nil || $0.id == medication) }
        let recordedByDay = Self.recordedByDay(records, of: chained.map(\.id))
        for med in configuration.subjects where medication == nil || med.id == medication {
            append(med, rules: rules(for: med), from: from, to: to, recorded: recordedByDay[med.id] ?? [:], into: &result)
        }
        result.sort { ($0.scheduled, $0.id) < ($1.scheduled, $1.id) }
        return result
    }

    /// The scheduled dose with this ID, if the configuration (and for `after_taken`, `records`) yields it.
    public func dose(_ id: DoseID, records: [DoseID: DoseRecord] = [:]) -> Dose? {
        guard let med = configuration.subject(id.medication), !med.paused,
              let filter = med.schedule.dayFilter, med.isActive(on: id.date),
              filter.includes(id.date, start: med.start) else { return nil }
        if med.isAfterTaken { return afterTakenDoses(med, on: id.date, records: records).first { $0.id == id } }
        guard med.wallTimes(on: id.date).contains(id.time) else { return nil }
        return makeDose(med, id.date, id.time, rules: rules(for: med))
    }

    public func rules(for medication: Medication) -> ZoneRules {
        zone(for: configuration.zoneChoice(for: medication))
    }

    /// The rules a zone choice reads in: the local zone, or a named zone the loader read into
    /// `configuration.zones` (the local zone for a name it holds no rules for).
    public func zone(for choice: ZoneChoice) -> ZoneRules {
        switch choice {
        case .local: return localZone
        case .named(let identifier): return configuration.zones[identifier] ?? localZone
        }
    }

    private func append(_ med: Medication, rules: ZoneRules, from: Instant, to: Instant,
                        recorded: [LocalDate: [DoseRecord]], into result: inout [Dose]) {
        guard !med.paused, let filter = med.schedule.dayFilter, from < to else { return }
        let chain = afterTakenChain(med, rules: rules)
        // A nominal date can land a day either side of its UTC date, so widen by one day.
        var date = rules.local(from).date.adding(days: -1)
        let last = rules.local(to).date.adding(days: 1)
        if let start = med.start, start > date { date = start }
        if let pausedUntil = med.pausedUntil, pausedUntil > date { date = pausedUntil }
        while date <= last, med.end.map({ date <= $0 }) ?? true {
            if filter.includes(date, start: med.start) {
                let doses = chain?.doses(on: date, recorded: recorded[date] ?? [])
                    ?? med.wallTimes(on: date).map { makeDose(med, date, $0, rules: rules) }
                for dose in doses where dose.scheduled >= from && dose.scheduled < to { result.append(dose) }
            }
            date = date.adding(days: 1)
        }
    }

    /// The dose of `med` named by `date` and `time`, due at `instant` (by default, when the zone reads them).
    func makeDose(_ med: Medication, _ date: LocalDate, _ time: WallTime, at instant: Instant? = nil, rules: ZoneRules) -> Dose {
        let (scheduled, offset) = instant.map { ($0, rules.offset(atSecond: $0.seconds)) } ?? rules.resolve(date, time)
        return Dose(id: DoseID(medication: med.id, date: date, time: time), name: med.name,
                    doseText: med.amount(on: date, at: time).dose, scheduled: scheduled, utcOffset: offset, measurement: med.measures)
    }

    /// The doses of an `after_taken` medication on one day, as far as `records` let them be known.
    func afterTakenDoses(_ med: Medication, on date: LocalDate, records: [DoseID: DoseRecord]) -> [Dose] {
        guard let chain = afterTakenChain(med, rules: rules(for: med)) else { return [] }
        return chain.doses(on: date, recorded: records.values.filter { $0.id.medication == med.id && $0.id.date == date })
    }

    private func afterTakenChain(_ med: Medication, rules: ZoneRules) -> AfterTakenChain? {
        guard case .afterTaken(let interval, let from, let until, _) = med.schedule else { return nil }
        return AfterTakenChain(medication: med, interval: interval, from: from, until: until, rules: rules,
                               trackedSince: trackedSince[med.id], planner: self)
    }

    /// The records of the given medications, by medication and nominal date.
    private static func recordedByDay(_ records: [DoseID: DoseRecord], of medications: [String]) -> [String: [LocalDate: [DoseRecord]]] {
        guard !medications.isEmpty, !records.isEmpty else { return [:] }
        let wanted = Set(medications)
        var result: [String: [LocalDate: [DoseRecord]]] = [:]
        for (id, record) in records where wanted.contains(id.medication) {
            result[id.medication, default: [:]][id.date, default: []].append(record)
        }
        return result
    }
}
