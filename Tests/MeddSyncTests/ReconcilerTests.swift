import ICalendar
import MeddCore
import MeddSync
import Testing

/// The rules that make every machine and the server agree on each dose.
struct ReconcilerTests {
    static let now = Instant(seconds: 1_795_330_800)  // 2026-11-22T07:00:00Z
    static let settings = SyncSettings(url: try! WebURL(parsing: "https://dav.example.org/a/"))
    static let listed = (now - .days(3))..<(now + .days(1))

    static func dose(_ hour: Int, _ state: DoseState = .planned, answeredAt: Instant? = nil, snoozeUntil: Instant? = nil) -> LocalDose {
        let date = LocalDate(year: 2026, month: 11, day: 22)!
        let id = DoseID(medication: "aspirin", date: date, time: WallTime(hour: hour, minute: 0)!)
        return LocalDose(id: id, name: "Aspirin", doseText: "100 mg", due: Instant(seconds: 1_795_305_600 + Int64(hour) * 3600),
                         state: state, answeredAt: answeredAt, snoozeUntil: snoozeUntil)
    }

    static func todo(_ dose: LocalDose, _ status: ServerTodo.Status, completed: Instant? = nil, modified: Instant? = nil,
                     meddState: DoseState? = nil, answered: Instant? = nil) -> ServerTodo {
        var todo = ServerTodo(doseID: dose.id, status: status)
        todo.due = dose.due
        todo.completed = completed.map(ICalendarDateTime.init(utc:))
        todo.lastModified = modified
        todo.meddState = meddState
        todo.meddAnswered = answered
        todo.alarm = dose.due
        return todo
    }

    /// The server's side as medd-sync reads it: every time in UTC, none it wrote itself.
    static func remote(_ todo: ServerTodo?) -> Reconciler.Remote? {
        todo.map { Reconciler.Remote(todo: $0, answer: $0.answer(times: .utcOnly, ownStamp: nil, seenAt: now), earlier: $0.earlierAnswers) }
    }

    static func action(_ local: LocalDose?, _ server: ServerTodo?, told: [Answer] = [], now: Instant = now) -> Reconciler.Action? {
        Reconciler.action(local: local, server: remote(server), told: told, now: now, settings: settings, listed: listed)
    }

    static let nothingElse = TodoRendering.Extras()

    /// A dose in the window with no to-do is published; one outside, or untracked, is not.
    @Test func publishesWhatIsMissing() {
        let dose = Self.dose(8)
        #expect(Self.action(dose, nil) == .publish(dose, Self.nothingElse))
        #expect(Self.action(Self.dose(8, .untracked), nil) == nil)
        #expect(Self.action(dose, nil, now: dose.due + .days(3)) == nil)
        #expect(Self.action(dose, nil, now: dose.due - .days(2)) == nil)
    }

    /// To-dos past `keep`, or of doses the plan no longer has, are removed; others are left alone.
    @Test func removesWhatIsOld() {
        let dose = Self.dose(8, .taken, answeredAt: Self.dose(8).due)
        let todo = Self.todo(dose, .completed, completed: dose.due, meddState: .taken, answered: dose.due)
        #expect(Self.action(dose, todo, now: dose.due + .days(2) + .hours(1)) == .remove(dose.id))
        #expect(Self.action(nil, todo, now: dose.due + .days(2) + .hours(1)) == .remove(dose.id))
        // An answered to-do medd does not list: medd hears of it first (an as-needed dose taken on
        // another machine becomes known); one medd has had and still does not list is gone from the plan.
        let answer = Answer(kind: .taken, at: dose.due)
        #expect(Self.action(nil, todo) == .answer(dose.id, answer))
        #expect(Self.action(nil, todo, told: [answer]) == .remove(dose.id))
        var beyond = todo
        beyond.due = Self.now + .days(5)
        #expect(Self.action(nil, beyond) == nil)
    }

    /// A phone's completion reaches medd at its COMPLETED time; a cancellation is a skip.
    @Test func answersFromThePhone() {
        let open = Self.dose(8, .pending)
        let completedAt = open.due + .minutes(3)
        let phone = Self.todo(open, .completed, completed: completedAt, modified: completedAt + .minutes(1), meddState: .pending)
        #expect(Self.action(open, phone) == .answer(open.id, Answer(kind: .taken, at: completedAt)))
        let cancelled = Self.todo(open, .cancelled, modified: completedAt, meddState: .pending)
        #expect(Self.action(open, cancelled) == .answer(open.id, Answer(kind: .skipped, at: completedAt)))
    }

    /// A local answer reaches the server; the server's answer reaches medd; never the other way round.
    @Test func localAnswersArePublished() {
        let taken = Self.dose(8, .taken, answeredAt: Self.dose(8).due + .minutes(1))
        #expect(Self.action(taken, Self.todo(taken, .needsAction, meddState: .pending)) == .publish(taken, Self.nothingElse))
        #expect(Self.action(taken, Self.todo(taken, .completed, completed: taken.due, meddState: .taken, answered: taken.due)) == nil)
    }

    /// Another machine's record of a miss is not sent to medd, which records its own; a local miss never
    /// replaces an answer on the server, and an answer replaces a miss.
    @Test func missedNeverBeatsAnAnswer() {
        let open = Self.dose(8, .pending)
        let missedOnServer = Self.todo(open, .cancelled, meddState: .missed, answered: open.due + .hours(2))
        #expect(Self.action(open, missedOnServer) == nil)
        let missed = Self.dose(8, .missed, answeredAt: open.due + .hours(2))
        let takenOnServer = Self.todo(open, .completed, completed: open.due + .minutes(5), meddState: .pending)
        #expect(Self.action(missed, takenOnServer) == .answer(open.id, Answer(kind: .taken, at: open.due + .minutes(5))))
        let taken = Self.dose(8, .taken, answeredAt: open.due + .hours(3))
        #expect(Self.action(taken, missedOnServer) == .publish(taken, Self.nothingElse))
    }

    /// Two answers to one dose: the later wins on every side; at the same second, taken. medd hears the
    /// server's answer first (and keeps it as replaced when it loses), then the server gets the winner
    /// with the answer it replaced.
    @Test func laterAnswerWins() {
        let due = Self.dose(8).due
        let takenHere = Self.dose(8, .taken, answeredAt: due + .minutes(10))
        let skippedEarlier = Self.todo(takenHere, .cancelled, modified: due + .minutes(5), meddState: .skipped, answered: due + .minutes(5))
        let skip5 = Answer(kind: .skipped, at: due + .minutes(5))
        #expect(Self.action(takenHere, skippedEarlier) == .answer(takenHere.id, skip5))
        #expect(Self.action(takenHere, skippedEarlier, told: [skip5]) == .publish(takenHere, TodoRendering.Extras(replaced: [skip5])))
        let skippedLater = Self.todo(takenHere, .cancelled, meddState: .skipped, answered: due + .minutes(20))
        #expect(Self.action(takenHere, skippedLater) == .answer(takenHere.id, Answer(kind: .skipped, at: due + .minutes(20))))
        let skippedSame = Self.todo(takenHere, .cancelled, meddState: .skipped, answered: due + .minutes(10))
        let skip10 = Answer(kind: .skipped, at: due + .minutes(10))
        #expect(Self.action(takenHere, skippedSame, told: [skip10]) == .publish(takenHere, TodoRendering.Extras(replaced: [skip10])))
        let skippedHere = Self.dose(8, .skipped, answeredAt: due + .minutes(10))
        let takenSame = Self.todo(takenHere, .completed, completed: due + .minutes(10), meddState: .taken, answered: due + .minutes(10))
        #expect(Self.action(skippedHere, takenSame) == .answer(skippedHere.id, Answer(kind: .taken, at: due + .minutes(10))))
        // A later answer on the server that medd was told and still does not hold (a change of mind
        // here, backdated): neither side undoes the other.
        let skip20 = Answer(kind: .skipped, at: due + .minutes(20))
        #expect(Self.action(takenHere, skippedLater, told: [skip20]) == nil)
    }

    /// A phone's answer over another machine's: medd hears both, oldest first, so every journal has
    /// both — the machine's skip (still in the X- properties) and then the phone's taken.
    @Test func everyAnswerOnTheServerReachesMeddOldestFirst() {
        let open = Self.dose(8, .pending)
        var overwritten = Self.todo(open, .completed, completed: open.due + TimeSpan(seconds: 20), meddState: .skipped, answered: open.due + TimeSpan(seconds: 18))
        let skip = Answer(kind: .skipped, at: open.due + TimeSpan(seconds: 18))
        let take = Answer(kind: .taken, at: open.due + TimeSpan(seconds: 20))
        #expect(Self.action(open, overwritten) == .answer(open.id, skip))
        #expect(Self.action(open, overwritten, told: [skip]) == .answer(open.id, take))
        let skippedHere = Self.dose(8, .skipped, answeredAt: open.due + TimeSpan(seconds: 18))
        #expect(Self.action(skippedHere, overwritten) == .answer(open.id, take))
        let takenHere = Self.dose(8, .taken, answeredAt: open.due + TimeSpan(seconds: 20))
        #expect(Self.action(takenHere, overwritten, told: [skip]) == nil)
        // X-MEDD-REPLACED carries answers a later one replaced: told too, before the one that stands.
        overwritten.replacedAnswers = [Answer(kind: .taken, at: open.due + TimeSpan(seconds: 2))]
        #expect(Self.action(open, overwritten) == .answer(open.id, Answer(kind: .taken, at: open.due + TimeSpan(seconds: 2))))
    }

    /// Both sides decide alike: whichever machine looks, the same answer ends up everywhere.
    @Test func theRuleIsSymmetric() {
        let kinds: [Answer.Kind] = [.taken, .skipped, .missed]
        for first in kinds {
            for second in kinds where first != second {
                for offset in [-60, 0, 60] as [Int64] {
                    let one = Answer(kind: first, at: Self.now)
                    let other = Answer(kind: second, at: Self.now + TimeSpan(seconds: offset))
                    #expect(one.wins(over: other) != other.wins(over: one), "\(one) vs \(other)")
                }
            }
        }
    }

    /// A snooze moves the server's alarm later, never earlier, so machines that snoozed differently agree.
    @Test func snoozeMovesTheAlarmLaterOnly() {
        let snoozed = Self.dose(8, .snoozed, snoozeUntil: Self.dose(8).due + .minutes(10))
        #expect(Self.action(snoozed, Self.todo(snoozed, .needsAction, meddState: .pending)) == .publish(snoozed, Self.nothingElse))
        var later = Self.todo(snoozed, .needsAction, meddState: .snoozed)
        later.alarm = snoozed.due + .minutes(30)
        #expect(Self.action(snoozed, later) == nil)
        #expect(Self.action(Self.dose(8, .pending), later) == nil)
    }
}
