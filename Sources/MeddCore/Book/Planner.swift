/// Expands a configuration into doses. Pure: the same configuration, zone and range give the same doses.
public struct Planner: Sendable {
    public let configuration: Configuration
    /// The system zone that `timezone = "local"` follows.
    public let localZone: ZoneRules

    /// How many days one offline plan or calendar export may cover (`medd --plan --days`,
    /// `medctl plan`/`export --days`): ten years.
    public static let dayCounts = 1...3660

    public init(configuration: Configuration, localZone: ZoneRules) {
        self.configuration = configuration
        self.localZone = localZone
    }

    /// Every scheduled dose due in `[from, to)`, ordered by due instant, then ID.
    public func doses(from: Instant, to: Instant, medication: String? = nil) -> [Dose] {
        var result: [Dose] = []
        for med in configuration.medications where medication == nil || med.id == medication {
            append(med, rules: rules(for: med), from: from, to: to, into: &result)
        }
        result.sort { ($0.scheduled, $0.id) < ($1.scheduled, $1.id) }
        return result
    }

    /// The scheduled dose with this ID, if the configuration yields it.
    public func dose(_ id: DoseID) -> Dose? {
        guard let med = configuration.medication(id.medication), !med.paused,
              let filter = med.schedule.dayFilter, med.isActive(on: id.date),
              filter.includes(id.date, start: med.start),
              med.wallTimes(on: id.date).contains(id.time) else { return nil }
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

    private func append(_ med: Medication, rules: ZoneRules, from: Instant, to: Instant, into result: inout [Dose]) {
        guard !med.paused, let filter = med.schedule.dayFilter, from < to else { return }
        // A nominal date can land a day either side of its UTC date, so widen by one day.
        var date = rules.local(from).date.adding(days: -1)
        let last = rules.local(to).date.adding(days: 1)
        if let start = med.start, start > date { date = start }
        while date <= last, med.end.map({ date <= $0 }) ?? true {
            if filter.includes(date, start: med.start) {
                for time in med.wallTimes(on: date) {
                    let dose = makeDose(med, date, time, rules: rules)
                    if dose.scheduled >= from, dose.scheduled < to { result.append(dose) }
                }
            }
            date = date.adding(days: 1)
        }
    }

    private func makeDose(_ med: Medication, _ date: LocalDate, _ time: WallTime, rules: ZoneRules) -> Dose {
        let (instant, offset) = rules.resolve(date, time)
        return Dose(id: DoseID(medication: med.id, date: date, time: time), name: med.name,
                    doseText: med.amount(on: date, at: time).dose, scheduled: instant, utcOffset: offset)
    }
}
