/// Read-only views of the book for listing and status.
extension DoseBook {
    /// Every dose due in `[from, to)`, planned or recorded, with its state, ordered by due instant.
    public func doses(from: Instant, to: Instant, medication: String? = nil) -> [DoseRecord] {
        var byID: [DoseID: DoseRecord] = [:]
        for dose in planner.doses(from: from, to: to, medication: medication) {
            byID[dose.id] = DoseRecord(dose: dose)
        }
        for record in records.values where record.dose.scheduled >= from && record.dose.scheduled < to
            && (medication == nil || record.dose.medication == medication) {
            byID[record.id] = record
        }
        return byID.values.sorted { ($0.dose.scheduled, $0.id) < ($1.dose.scheduled, $1.id) }
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
