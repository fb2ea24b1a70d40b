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
        let recorded = records.values.filter { $0.dose.scheduled >= from && $0.dose.scheduled < to }.sorted(by: Self.dueOrder)
        forEachDose(from: from, to: to, medication: medication, recorded: recorded[...], body)
    }

    /// The records of `medication` (every one when nil) in due order, for `forEachDose(recorded:)`:
    /// a long range listed a day at a time then sorts the book once, not filters it each day.
    public func recordsInDueOrder(medication: String? = nil) -> [DoseRecord] {
        records.values.filter { medication == nil || $0.dose.medication == medication }.sorted(by: Self.dueOrder)
    }

    /// `forEachDose(from:to:medication:_:)` with the book's records given in due order (as
    /// `recordsInDueOrder` gives them; they may reach beyond the range).
    public func forEachDose(from: Instant, to: Instant, medication: String? = nil, recorded: ArraySlice<DoseRecord>,
                            _ body: (DoseRecord) -> Void) {
        // Inside the planned window the book's own plan serves; elsewhere the planner is asked.
        let inWindow = from >= plannedFrom && to <= plannedUntil
        let planned: ArraySlice<Dose> = inWindow
            ? plan[plan.firstIndex(dueAfter: Instant(usec: from.usec - 1))..<plan.firstIndex(dueAfter: Instant(usec: to.usec - 1))]
            : planner.doses(from: from, to: to, medication: medication, records: records)[...]
        // Recorded doses the plan no longer yields (as-needed doses, a changed schedule) are listed too.
        let inRange = recorded[Self.firstIndex(in: recorded, dueFrom: from)..<Self.firstIndex(in: recorded, dueFrom: to)]
        let extras = inRange.filter { record in
            (medication == nil || record.dose.medication == medication) && planned.index(ofPlanned: record.dose) == nil
        }
        var extra = extras.startIndex
        for dose in planned where medication == nil || dose.medication == medication {
            while extra < extras.endIndex, (extras[extra].dose.scheduled, extras[extra].id) < (dose.scheduled, dose.id) {
                body(extras[extra])
                extra += 1
            }
            body(record(of: dose))
        }
        for record in extras[extra...] { body(record) }
    }

    private static func dueOrder(_ lhs: DoseRecord, _ rhs: DoseRecord) -> Bool {
        (lhs.dose.scheduled, lhs.id) < (rhs.dose.scheduled, rhs.id)
    }

    /// The index of the first record due at or after `instant`, in records sorted by due instant.
    private static func firstIndex(in sorted: ArraySlice<DoseRecord>, dueFrom instant: Instant) -> Int {
        var low = sorted.startIndex
        var high = sorted.endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if sorted[middle].dose.scheduled >= instant { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The next planned dose that has not fired or been answered.
    /// The pending doses that are shown on the desktop (not of a `remind = false` medication), by ID: what a
    /// notification server that (re)appears, or a person who comes back, is shown.
    public var shownPendingDoses: [DoseRecord] {
        open.sorted().compactMap { id in
            guard let record = records[id], record.state == .pending, configuration.reminds(id.medication) else { return nil }
            return record
        }
    }

    public func nextDose(after now: Instant) -> Dose? {
        var index = plan.firstIndex(dueAfter: now)
        while index < plan.count, planRecorded[index] { index += 1 }
        return index < plan.count ? plan[index] : nil
    }

    public func count(of state: DoseState) -> Int {
        open.reduce(0) { $0 + (records[$1]?.state == state ? 1 : 0) }
    }
}
