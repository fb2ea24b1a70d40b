/// Read-only views of the book for listing and status.
extension DoseBook {
    /// Every dose due in `[from, to)`, planned or recorded, with its state, ordered by due instant.
    public func doses(from: Instant, to: Instant, medication: String? = nil) -> [DoseRecord] {
        var result: [DoseRecord] = []
        forEachDose(from: from, to: to, medication: medication) { result.append($0) }
        return result
    }

    /// Calls `body` for every dose `doses(from:to:medication:)` lists, in the same order, without
    /// building the list (a whole horizon can be thousands of doses).
    public func forEachDose(from: Instant, to: Instant, medication: String? = nil, _ body: (DoseRecord) -> Void) {
        // Inside the planned window the book's own plan serves; elsewhere the planner is asked.
        let inWindow = from >= plannedFrom && to <= plannedUntil
        let planned: ArraySlice<Dose> = inWindow
            ? plan[plan.firstIndex(dueAfter: Instant(usec: from.usec - 1))..<plan.firstIndex(dueAfter: Instant(usec: to.usec - 1))]
            : planner.doses(from: from, to: to, medication: medication)[...]
        // Recorded doses the plan no longer yields (as-needed doses, a changed schedule) are listed too.
        let extras = records.values.filter { record in
            record.dose.scheduled >= from && record.dose.scheduled < to
                && (medication == nil || record.dose.medication == medication) && planned.index(ofPlanned: record.dose) == nil
        }.sorted { ($0.dose.scheduled, $0.id) < ($1.dose.scheduled, $1.id) }
        var extra = extras.startIndex
        for dose in planned where medication == nil || dose.medication == medication {
            while extra < extras.endIndex, (extras[extra].dose.scheduled, extras[extra].id) < (dose.scheduled, dose.id) {
                body(extras[extra])
                extra += 1
            }
            body(records[dose.id] ?? DoseRecord(dose: dose))
        }
        for record in extras[extra...] { body(record) }
    }

    /// The next planned dose that has not fired or been answered.
    public func nextDose(after now: Instant) -> Dose? {
        var index = plan.firstIndex(dueAfter: now)
        while index < plan.count, planRecorded[index] { index += 1 }
        return index < plan.count ? plan[index] : nil
    }

    public func count(of state: DoseState) -> Int {
        open.reduce(0) { $0 + (records[$1]?.state == state ? 1 : 0) }
    }
}
