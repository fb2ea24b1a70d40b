/// The doses of an `after_taken` medication on one local day. The first is due at `from`; each next
/// one is due `interval` after the dose before it was taken (or was due, if it was skipped or missed),
/// and none after `until`. While the last dose is unanswered the next is unknown, so the chain ends there;
/// a dose due before medd tracked the medication (untracked) counts from its due time, like a skipped one,
/// so a medication added during the day still has its later doses.
///
/// The chain is a function of the recorded doses of that day: a dose once recorded (fired or answered)
/// stays in the chain at the instant it was recorded with, whatever a later change of mind says, and the
/// same records always give the same IDs — on replay, after a restart, on another machine.
struct AfterTakenChain {
    let medication: Medication
    let interval: TimeSpan
    let from: WallTime
    let until: WallTime
    let rules: ZoneRules
    let trackedSince: Instant?
    let planner: Planner

    /// The day's doses in due order. `recorded` holds every record of the medication due that day: they
    /// all stay in the chain, and the first is the earliest of them or the dose at `from`, whichever is
    /// earlier (a `from` moved later keeps the doses recorded before it as the day's start).
    func doses(on date: LocalDate, recorded: [DoseRecord]) -> [Dose] {
        let recorded = recorded.sorted { $0.id.time < $1.id.time }
        var current = planner.makeDose(medication, date, from, rules: rules)
        if let earliest = recorded.first, earliest.id.time <= from { current = earliest.dose }
        var doses: [Dose] = []
        while true {
            doses.append(current)
            let currentTime = current.id.time
            let recordedNext = recorded.first { $0.id.time > currentTime }?.dose
            let computedNext = anchor(of: current, recorded: recorded).flatMap { dose(after: current, answeredAt: $0, on: date) }
            switch (recordedNext, computedNext) {
            case let (recorded?, computed?):
                // History decides: the dose recorded next stays next whatever the answer before it says now,
                // unless an untracked dose (never alerted, so never doubled) comes between.
                current = computed.id.time < recorded.id.time && isUntracked(computed) ? computed : recorded
            case let (recorded?, nil): current = recorded
            case let (nil, computed?): current = computed
            case (nil, nil): return doses
            }
        }
    }

    private func isUntracked(_ dose: Dose) -> Bool {
        trackedSince.map { dose.scheduled < $0 } ?? false
    }

    /// What the next dose counts from: when `dose` was taken, else when it was due (skipped, missed, or
    /// untracked); nil while it is unanswered.
    private func anchor(of dose: Dose, recorded: [DoseRecord]) -> Instant? {
        guard let record = recorded.first(where: { $0.id == dose.id }) else {
            return isUntracked(dose) ? dose.scheduled : nil
        }
        guard record.state.isFinal else { return nil }
        return record.state == .taken ? record.answeredAt ?? record.dose.scheduled : record.dose.scheduled
    }

    /// The dose following an answered one, if it falls on the same day by `until`. It is due at the whole
    /// minute `interval` after the answer, and always after the answered dose, on the clock too (in a
    /// repeated hour, the first minute whose wall time is later), so no two doses share an ID.
    private func dose(after answered: Dose, answeredAt anchor: Instant, on date: LocalDate) -> Dose? {
        var due = Self.wholeMinute(max(anchor + interval, answered.scheduled + .minutes(1)))
        var local = rules.local(due)
        while local.date == date, local.time <= answered.id.time {
            due = due + .minutes(1)
            local = rules.local(due)
        }
        guard local.date == date, local.time <= until else { return nil }
        return planner.makeDose(medication, date, local.time, at: due, rules: rules)
    }

    private static func wholeMinute(_ instant: Instant) -> Instant {
        let seconds = instant.seconds
        return Instant(seconds: seconds - ((seconds % 60) + 60) % 60)
    }
}
