/// Adherence as a pure function of dose events — the same whether they come from the ledger or the journal.
public enum Adherence {
    /// A dose taken more than this after it was due counts as taken late.
    public static let onTimeWindow = TimeSpan.hours(1)

    /// Counts each dose once, by its last final event in recording order (`LastFinalAnswers`),
    /// over doses due in `[since, until)`, optionally for one medication.
    public static func report(_ events: [DoseEvent], since: Instant? = nil, until: Instant? = nil,
                              medication: String? = nil) -> AdherenceReport {
        var finals = LastFinalAnswers(since: since, until: until, medication: medication)
        for event in events { finals.add(event) }
        return report(finals: finals.answers)
    }

    /// Tallies outcomes that are already one per dose.
    public static func report(finals: some Sequence<FinalAnswer>) -> AdherenceReport {
        var report = AdherenceReport()
        for answer in finals {
            let counts = counts(of: answer)
            report.medications[answer.medication, default: AdherenceCounts()].add(counts)
            report.total.add(counts)
        }
        return report
    }

    /// The one count a dose adds: taken on time (by `onTimeWindow` after its due time), late, skipped or missed.
    public static func counts(of answer: FinalAnswer) -> AdherenceCounts {
        var counts = AdherenceCounts()
        switch answer.kind {
        case .taken where answer.at <= answer.scheduled + onTimeWindow: counts.onTime = 1
        case .taken: counts.late = 1
        case .skipped: counts.skipped = 1
        default: counts.missed = 1
        }
        return counts
    }
}

/// Adherence over a range of due times, per medication and overall.
public struct AdherenceReport: Hashable, Sendable, Codable {
    /// Keyed by medication ID.
    public var medications: [String: AdherenceCounts]
    public var total: AdherenceCounts

    public init(medications: [String: AdherenceCounts] = [:], total: AdherenceCounts = AdherenceCounts()) {
        self.medications = medications
        self.total = total
    }
}

extension AdherenceReport {
    /// The report over the medications `keep` accepts, its total counted again.
    public func restricted(to keep: (String) -> Bool) -> AdherenceReport {
        var report = AdherenceReport()
        for (medication, counts) in medications where keep(medication) {
            report.medications[medication] = counts
            report.total.add(counts)
        }
        return report
    }

    /// The counts summed per group, for the medications `group` puts in one (a person, say).
    public func totals(by group: (String) -> String?) -> [String: AdherenceCounts] {
        var totals: [String: AdherenceCounts] = [:]
        for (medication, counts) in medications {
            if let key = group(medication) { totals[key, default: AdherenceCounts()].add(counts) }
        }
        return totals
    }
}

/// Final outcomes of the doses of one medication (or of all of them).
public struct AdherenceCounts: Hashable, Sendable, Codable {
    public var onTime = 0
    public var late = 0
    public var skipped = 0
    public var missed = 0

    public init(onTime: Int = 0, late: Int = 0, skipped: Int = 0, missed: Int = 0) {
        self.onTime = onTime
        self.late = late
        self.skipped = skipped
        self.missed = missed
    }

    public var taken: Int { onTime + late }
    public var total: Int { taken + skipped + missed }

    /// Taken doses as a share of all doses with a final state, 0–100; nil when there are none.
    public var percentage: Double? {
        total == 0 ? nil : Double(taken) * 100 / Double(total)
    }

    public mutating func add(_ other: AdherenceCounts) {
        onTime += other.onTime
        late += other.late
        skipped += other.skipped
        missed += other.missed
    }
}
