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
            var counts = AdherenceCounts()
            switch answer.kind {
            case .taken where answer.at <= answer.scheduled + onTimeWindow: counts.onTime = 1
            case .taken: counts.late = 1
            case .skipped: counts.skipped = 1
            default: counts.missed = 1
            }
            report.medications[answer.medication, default: AdherenceCounts()].add(counts)
            report.total.add(counts)
        }
        return report
    }
}
