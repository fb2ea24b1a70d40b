/// The past the book holds: restored from the ledger's saved state, extended on demand, forgotten
/// as time passes — so start-up and memory follow the planning horizon, not the years behind it.
///
/// Every record the book holds is the record a replay of every event would hold, and the book holds
/// every record `advance` reads (see `historyNeeded`). An answer may read an older record, so the
/// runtime asks `historyRequest(forAnswer:at:)` first and hands what the ledger has to `remember`.
extension DoseBook {
    /// The oldest instant `advance(to: now)` reads records from: the plan looks back the horizon, or
    /// to the `watermark` when medd was down longer than that (every dose due meanwhile is caught up
    /// or missed, up to `longestCatchUp` back), and the catch-up rule asks which doses alerted or were
    /// answered within `grace`. Less `zoneShift`: a record keeps the instant its dose had when first
    /// recorded, and the plan reads it at the instant the current zone gives.
    public static func historyNeeded(at now: Instant, settings: Settings, watermark: Instant?) -> Instant {
        let planStart = max(min(now - .days(Int64(settings.horizonDays)), watermark ?? now), now - longestCatchUp)
        return planStart - settings.grace - zoneShift
    }

    /// How far a dose's instant can move when the zone it follows changes: UTC offsets run from
    /// -12:00 to +14:00, and a day more covers a change of date line side.
    static let zoneShift = TimeSpan.days(2)

    /// Forgetting waits until it can drop at least a day, so a daemon waking every minute does not
    /// walk its records each time.
    static let forgetStep = TimeSpan.days(1)

    /// Rebuilds the state from what the ledger saved: the watermark, stock levels, snooze slots and
    /// tracking instants, the expiry events, and the events of every dose it must hold, replayed in
    /// recording order.
    public mutating func restore(_ saved: SavedBook) {
        watermark = saved.watermark
        stock = saved.stock
        trackedSince = saved.trackedSince
        for event in saved.expiryEvents { noteExpiry(event) }
        for event in saved.events { absorb(event, countingStock: false) }
        // A snooze of a dose not replayed may have taken the slot of a dose that is: the saved slots tell.
        for id in open.sorted() where records[id]?.state == .snoozed && saved.snoozes[id.snoozeID] != id {
            displaceSnooze(of: id)
        }
        heldFrom = saved.heldFrom
    }

    /// Adds records read from the ledger that the book does not hold; with `heldFrom`, they are every
    /// dose due or touched from that instant on, and the book now holds all from there.
    public mutating func remember(_ found: some Sequence<DoseRecord>, heldFrom newStart: Instant? = nil) {
        for record in found where records[record.id] == nil {
            records[record.id] = record
            markPlanned(record.dose)
        }
        if let newStart, newStart < heldFrom { heldFrom = newStart }
    }

    /// Drops final records due before `cutoff` and neither alerted nor answered since; the ledger
    /// keeps them. Does nothing until the cutoff moved on by `forgetStep`.
    public mutating func forgetHistory(before cutoff: Instant) {
        guard cutoff >= heldFrom + Self.forgetStep else { return }
        records = records.filter { _, record in
            !record.state.isFinal || record.dose.scheduled >= cutoff || (record.lastTouched.map { $0 >= cutoff } ?? false)
        }
        heldFrom = cutoff
    }

    /// What the book must hold before `advance(to: now)`, when it does not yet.
    public func historyRequest(coveringFrom start: Instant) -> HistoryRequest {
        guard start < heldFrom else { return HistoryRequest() }
        let span = HistoryRequest.Span(medication: nil, from: start, to: heldFrom)
        return HistoryRequest(due: [span], touched: [span])
    }

    /// Records an answer to `target` at `when` may read that the book may not hold: the named dose,
    /// the doses a medication's next dose is chosen among, and the taken doses as-needed limits count.
    public func historyRequest(forAnswer target: String, at when: Instant) -> HistoryRequest {
        var request = HistoryRequest()
        guard heldFrom.usec != .min else { return request }
        if let id = DoseID(parsing: target) {
            if records[id] == nil { request.doses.append(id) }
            return request
        }
        guard let med = configuration.subject(target) else { return request }
        if case .asNeeded(let minInterval, _) = med.schedule {
            let local = planner.rules(for: med).local(when)
            let id = DoseID(medication: med.id, date: local.date, time: local.time)
            if records[id] == nil { request.doses.append(id) }
            // A local day lies within a day either side of any instant in it, in any zone.
            let from = when - max(minInterval ?? .zero, .days(2))
            if from < heldFrom { request.taken.append(.init(medication: med.id, from: from, to: min(heldFrom, when + .days(2)))) }
        } else {
            let from = when - settings.grace - Self.zoneShift
            let to = min(heldFrom, when + .days(Int64(settings.horizonDays)) + Self.zoneShift)
            if from < heldFrom { request.due.append(.init(medication: med.id, from: from, to: to)) }
        }
        return request
    }
}
