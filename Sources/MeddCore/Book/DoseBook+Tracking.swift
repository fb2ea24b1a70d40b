/// Which doses medd tracks: a medication's, from the moment medd first ran with it — its first start
/// with an empty ledger, the reload that added it, or the start with a configuration that names it.
/// A dose due before then that has no event is `untracked`: it never alerts, is never caught up or
/// missed, and no adherence counts it, unless someone answers it. The instants are saved with the
/// ledger, so a restart neither turns an untracked dose into a missed one nor the other way round.
extension DoseBook {
    /// Starts tracking every medication of the configuration the book has not tracked before.
    mutating func trackNewMedications(at now: Instant) {
        for med in configuration.subjects where trackedSince[med.id] == nil {
            // A dose first seen less than a minute late is due now, not a past one (`onTimeTolerance`).
            trackedSince[med.id] = now - Self.onTimeTolerance
            // An `after_taken` day goes on past its untracked doses: plan it again with the instant.
            if med.isAfterTaken { invalidatePlan() }
        }
    }

    /// How far back a start-up (or a clock stepped forward) catches up: an absence longer than this is not
    /// tracked before it, so a clock set decades ahead by mistake records a year of missed doses, not decades.
    public static let longestCatchUp = TimeSpan.days(366)

    /// After an absence longer than `longestCatchUp`: tracking starts again at `start`, so the doses due
    /// before it that have no event are untracked rather than missed.
    mutating func resumeTracking(from start: Instant) {
        var moved = false
        for (medication, since) in trackedSince where since < start {
            trackedSince[medication] = start
            moved = true
        }
        if moved { invalidatePlan() }
    }

    /// Whether `dose` is due within the time its medication is tracked; true for a medication the
    /// book has not met yet, whose doses are all still to come.
    public func isTracked(_ dose: Dose) -> Bool {
        trackedSince[dose.medication].map { dose.scheduled >= $0 } ?? true
    }

    /// What the book knows of `dose`: the record its events make, else `planned` or `untracked`.
    public func record(of dose: Dose) -> DoseRecord {
        records[dose.id] ?? DoseRecord(dose: dose, state: isTracked(dose) ? .planned : .untracked)
    }

    /// Restores the instants the ledger saved.
    public mutating func restoreTracking(_ saved: [String: Instant]) {
        trackedSince = saved
    }
}
