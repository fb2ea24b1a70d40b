/// Read-only views of the book for listing and status.
extension DoseBook {
    /// Every dose due in `[from, to)`, planned or recorded, with its state, ordered by due instant.
    public func doses(from: Instant, to: Instant, medication: String? = nil) -> [DoseRecord] {
        // Inside the planned window the book's own plan serves; elsewhere the planner is asked.
        let planned: ArraySlice<Dose>
        if from >= plannedFrom, to <= plannedUntil {
            planned = plan[firstPlanIndex(dueAfter: Instant(usec: from.usec - 1))..<firstPlanIndex(dueAfter: Instant(usec: to.usec - 1))]
        } else {
            planned = planner.doses(from: from, to: to, medication: medication)[...]
        }
        var result: [DoseRecord] = []
        var listed: Set<DoseID> = []
        for dose in planned where medication == nil || dose.medication == medication {
            result.append(records[dose.id] ?? DoseRecord(dose: dose))
            listed.insert(dose.id)
        }
        // Recorded doses the plan no longer yields (as-needed doses, a changed schedule) are listed too.
        for record in records.values where record.dose.scheduled >= from && record.dose.scheduled < to
            && (medication == nil || record.dose.medication == medication) && !listed.contains(record.id) {
            result.append(record)
        }
        return result.sorted { ($0.dose.scheduled, $0.id) < ($1.dose.scheduled, $1.id) }
    }

    /// The next planned dose that has not fired or been answered.
    public func nextDose(after now: Instant) -> Dose? {
        var index = firstPlanIndex(dueAfter: now)
        while index < plan.count, planRecorded[index] { index += 1 }
        return index < plan.count ? plan[index] : nil
    }

    public func count(of state: DoseState) -> Int {
        open.reduce(0) { $0 + (records[$1]?.state == state ? 1 : 0) }
    }
}
