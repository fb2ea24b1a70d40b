/// Adherence as a pure function of dose events — the same whether they come from the ledger or the journal.
public enum Adherence {
    /// A dose taken more than this after it was due counts as taken late.
    public static let onTimeWindow = TimeSpan.hours(1)

    /// Counts each dose once, by its last final event (a later answer replaces an earlier one),
    /// over doses due in `[since, until)`, optionally for one medication.
    public static func report(_ events: [DoseEvent], since: Instant? = nil, until: Instant? = nil,
                              medication: String? = nil) -> AdherenceReport {
        var finalEvents: [DoseID: DoseEvent] = [:]
        for event in events where event.kind.isFinal {
            let dose = event.dose
            if let since, dose.scheduled < since { continue }
            if let until, dose.scheduled >= until { continue }
            if let medication, dose.medication != medication { continue }
            // The answer recorded last wins, as in the ledger and the dose book — not the one with the
            // latest `at`: a `taken` backdated to before an earlier `skip` is still a change of mind.
            finalEvents[dose.id] = event
        }
        return report(finals: finalEvents.values.lazy.map {
            FinalAnswer(medication: $0.dose.medication, kind: $0.kind, scheduled: $0.dose.scheduled, at: $0.at)
        })
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
