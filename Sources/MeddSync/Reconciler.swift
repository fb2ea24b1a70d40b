public import MeddCore

/// Decides, for one dose, what makes this machine and the server agree: the pure core of medd-sync.
/// Every machine that shares the collection runs the same rules on the same data, so they converge:
/// answers travel both ways with the time each was given, and medd settles two answers to one dose by
/// those times (`Answer.wins(over:)`) the same way on every machine.
public enum Reconciler {
    /// One step towards agreement.
    public enum Action: Hashable, Sendable {
        /// Put the dose on the server as this machine knows it (a new to-do, or over the one there),
        /// with the answers it replaces.
        case publish(LocalDose, TodoRendering.Extras)
        /// Remove the to-do: its dose is past `keep`, or no longer in the plan.
        case remove(DoseID)
        /// Tell medd an answer given elsewhere, at its own time; medd records it, or keeps it as
        /// replaced when the answer it holds wins.
        case answer(DoseID, Answer)

        /// A request to the server, not to medd.
        public var writesToServer: Bool {
            if case .answer = self { return false }
            return true
        }
    }

    /// The server's side of one dose: its to-do, the answer it holds and the answers before that one,
    /// each with the time it was given.
    public struct Remote: Hashable, Sendable {
        public var todo: ServerTodo
        public var answer: Answer?
        public var earlier: [Answer]

        public init(todo: ServerTodo, answer: Answer?, earlier: [Answer] = []) {
            self.todo = todo
            self.answer = answer
            self.earlier = earlier
        }
    }

    /// The window medd-sync keeps on the server at `now`: from `keep` before now to `publishAhead` after.
    public static func window(at now: Instant, _ settings: SyncSettings) -> Range<Instant> {
        (now - settings.keep)..<(now + settings.publishAhead)
    }

    /// What to do about one dose, given what medd says of it (nil: no such dose in the window medd was
    /// asked about) and what the server holds (nil: no to-do). `told` are the answers medd was given
    /// already (it answered them). `listed` is the span medd was asked about: a to-do outside it that
    /// medd did not report is left alone unless it is past `keep`.
    public static func action(local: LocalDose?, server: Remote?, told: [Answer] = [], now: Instant, settings: SyncSettings,
                              listed: Range<Instant>) -> Action? {
        let window = window(at: now, settings)
        switch (local, server) {
        case (nil, nil):
            return nil
        case (let local?, nil):
            guard local.state != .untracked, window.contains(local.due) else { return nil }
            return .publish(local, TodoRendering.Extras())
        case (nil, let server?):
            let due = server.todo.due ?? Instant(usec: 0)
            if due < window.lowerBound { return .remove(server.todo.doseID) }
            // A dose medd does not list that a person answered elsewhere (an as-needed dose taken on
            // another machine): medd hears of it first, and knows it from then on.
            if listed.contains(due), let answer = server.answer, answer.kind.isGivenByAPerson, !told.contains(where: { $0.isSame(as: answer) }) {
                return .answer(server.todo.doseID, answer)
            }
            // Due where medd was asked, yet medd has no such dose: the schedule changed.
            if listed.contains(due) { return .remove(server.todo.doseID) }
            return nil
        case (let local?, let server?):
            if local.due < window.lowerBound { return .remove(server.todo.doseID) }
            if let news = unheard(local, server, told) { return .answer(local.id, news) }
            return settle(local, server)
        }
    }

    /// The oldest answer a person gave on the server that medd has not had: each is told, in the order
    /// given, so every machine records every answer (the ones that lost as replaced).
    private static func unheard(_ local: LocalDose, _ server: Remote, _ told: [Answer]) -> Answer? {
        let answers = (server.earlier + [server.answer].compactMap { $0 }).filter(\.kind.isGivenByAPerson)
        // One of the kind medd holds changes nothing there (two takes at different times stay as they are).
        return answers.sorted { $0.at < $1.at }.first { answer in
            local.answer?.kind != answer.kind && !told.contains { $0.isSame(as: answer) }
        }
    }

    private static func settle(_ local: LocalDose, _ server: Remote) -> Action? {
        switch (local.answer, server.answer) {
        case (nil, nil):
            // Both open: only a later alarm (a snooze) moves the server's; never back, so machines that
            // snoozed differently do not undo each other.
            if let snoozed = local.snoozeUntil, local.state == .snoozed, snoozed > (server.todo.alarm ?? local.due) {
                return .publish(local, TodoRendering.Extras(replaced: server.earlier))
            }
            return nil
        case (_?, nil):
            return .publish(local, TodoRendering.Extras(replaced: server.earlier))
        case (nil, _?):
            // Another machine's medd records a miss itself; a person's answer medd did not take (told
            // already) was reopened when medd refused it.
            return nil
        case (let mine?, let remote?):
            // Two takes (or two skips) at different times stay as each machine has them; where the
            // server's answer wins, medd holds this machine's own as its latest word (a change of mind
            // backdated with --at), and the server keeps the winner: no machine undoes another.
            if mine.kind == remote.kind || !mine.wins(over: remote) { return nil }
            var replaced = server.earlier
            if remote.kind.isGivenByAPerson { replaced.append(remote) }
            return .publish(local, TodoRendering.Extras(replaced: replaced))
        }
    }
}
