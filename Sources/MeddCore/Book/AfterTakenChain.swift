/// The doses of an `after_taken` medication on one local day. The first is due at `from`; each next
/// one is due `interval` after the dose before it was taken (or was due, if it was skipped or missed),
/// and none after `until`. While the last dose is unanswered the next is unknown, so the chain ends there.
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
            if let next = recorded.first(where: { $0.id.time > currentTime }) {
                current = next.dose
                continue
            }
            guard let record = recorded.first(where: { $0.id == current.id }), record.state.isFinal,
                  let next = dose(after: record, on: date) else { break }
            current = next
        }
        return doses
    }

    /// The dose following an answered one, if it falls on the same day by `until`. It is due at the whole
    /// minute `interval` after the answer, and always after the answered dose, on the clock too (in a
    /// repeated hour, the first minute whose wall time is later), so no two doses share an ID.
    private func dose(after record: DoseRecord, on date: LocalDate) -> Dose? {
        let anchor = record.state == .taken ? record.answeredAt ?? record.dose.scheduled : record.dose.scheduled
        var due = Self.wholeMinute(max(anchor + interval, record.dose.scheduled + .minutes(1)))
        var local = rules.local(due)
        while local.date == date, local.time <= record.id.time {
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
