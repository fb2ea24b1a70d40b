public import MeddCore

/// Decides, for one dose, what makes this machine and the server agree: the pure core of medd-sync.
/// Every machine that shares the collection runs the same rules on the same data, so they converge:
/// answers travel both ways and `Answer.wins(over:)` settles a disagreement the same way everywhere.
public enum Reconciler {
    /// One step towards agreement.
    public enum Action: Hashable, Sendable {
        /// Put the dose on the server as this machine knows it (a new to-do, or over the one there).
        case publish(LocalDose)
        /// Remove the to-do: its dose is past `keep`, or no longer in the plan.
        case remove(DoseID)
        /// Tell medd the answer given elsewhere.
        case answer(DoseID, Answer)
    }

    /// The window medd-sync keeps on the server at `now`: from `keep` before now to `publishAhead` after.
    public static func window(at now: Instant, _ settings: SyncSettings) -> Range<Instant> {
        (now - settings.keep)..<(now + settings.publishAhead)
    }

    /// What to do about one dose, given what medd says of it (nil: no such dose in the window medd was
    /// asked about) and what the server holds (nil: no to-do). `listed` is the span medd was asked about:
    /// a to-do outside it that medd did not report is left alone unless it is past `keep`.
    public static func action(local: LocalDose?, server: ServerTodo?, now: Instant, settings: SyncSettings,
                              listed: Range<Instant>) -> Action? {
        let window = window(at: now, settings)
        switch (local, server) {
        case (nil, nil):
            return nil
        case (let local?, nil):
            guard local.state != .untracked, window.contains(local.due) else { return nil }
            return .publish(local)
        case (nil, let server?):
            let due = server.due ?? Instant(usec: 0)
            if due < window.lowerBound { return .remove(server.doseID) }
            // Due where medd was asked, yet medd has no such dose: the schedule changed.
            if listed.contains(due) { return .remove(server.doseID) }
            return nil
        case (let local?, let server?):
            if local.due < window.lowerBound { return .remove(server.doseID) }
            return settle(local, server)
        }
    }

    private static func settle(_ local: LocalDose, _ server: ServerTodo) -> Action? {
        switch (local.answer, server.answer) {
        case (nil, nil):
            // Both open: only a later alarm (a snooze) moves the server's; never back, so machines that
            // snoozed differently do not undo each other.
            if let snoozed = local.snoozeUntil, local.state == .snoozed, snoozed > (server.alarm ?? local.due) {
                return .publish(local)
            }
            return nil
        case (_?, nil):
            return .publish(local)
        case (nil, let remote?):
            // Another machine's medd records the miss itself: nothing to tell this one.
            return remote.kind == .missed ? nil : .answer(local.id, remote)
        case (let mine?, let remote?):
            if mine.kind == remote.kind { return nil }
            return remote.wins(over: mine) ? .answer(local.id, remote) : .publish(local)
        }
    }
}
