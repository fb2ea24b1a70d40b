/// What a carer is to be told, decided from the doses as they stand: pure, so that deciding it again
/// after a restart or a crash gives the same messages (`CarerMessage.id`), which the outbox keeps once.
///
/// - A dose still open (`pending`, `snoozed`) `after` its due time: `overdue` (none with `after` zero).
/// - A dose `missed`: `missed`.
/// - A dose the carer was told of as overdue or missed that is now taken or skipped: `allClear`.
/// - Each day at `summary`: the counts of the day's doses due before then, per person.
///
/// Only what happened in the last day (`lookBack`) and since the carer was first seen (`since`) is told:
/// a new carer hears nothing of last week, and one whose sender was down for an hour hears of that hour.
public enum CarerPolicy {
    /// How far back what happened is still told (late) after a sender comes back.
    public static let lookBack = TimeSpan.days(1)

    /// The messages `carer` should have by `now` about `doses` (the medications' doses around then, any
    /// person's); `told` are the doses it was told of as overdue or missed.
    public static func messages(for carer: Carer, doses: [CarerDose], told: Set<String>, now: Instant, since: Instant, zone: ZoneRules,
                                people: [String: Person]) -> [CarerMessage] {
        let oldest = max(since, now - lookBack)
        let mine = doses.filter { carer.person == nil || $0.person == carer.person }
        var messages: [CarerMessage] = []
        func add(_ kind: CarerMessage.Kind, _ dose: CarerDose, at event: Instant, answer: Bool = false) {
            guard oldest <= event, event <= now else { return }
            let about = CarerMessage.About(id: dose.id, medication: dose.medication, name: dose.name,
                                           person: dose.person.map { people[$0]?.displayName ?? $0 }, due: dose.due,
                                           answer: answer ? dose.state : nil, answeredAt: answer ? dose.answeredAt : nil)
            messages.append(CarerMessage(kind: kind, carer: carer.id, dose: about, eventAt: event, createdAt: now))
        }
        for dose in mine {
            if dose.state.isOpen, carer.after.seconds > 0 {
                add(.overdue, dose, at: dose.due + carer.after)
            } else if dose.state == .missed {
                add(.missed, dose, at: dose.answeredAt ?? dose.due)
            } else if dose.state == .taken || dose.state == .skipped, told.contains(dose.id) {
                add(.allClear, dose, at: dose.answeredAt ?? now, answer: true)
            }
        }
        if let time = carer.summary {
            let today = zone.local(now).date
            for date in [today.adding(days: -1), today] {
                let at = zone.resolve(date, time).instant
                guard oldest <= at, at <= now else { continue }
                let start = zone.startOfDay(date)
                let counts = summaryCounts(mine.filter { start <= $0.due && $0.due < at }, people: people)
                messages.append(CarerMessage(kind: .summary, carer: carer.id, day: date, counts: counts, eventAt: at, createdAt: now))
            }
        }
        return messages
    }

    /// When something may next become due for `carer` after `now`: a dose still open reaching `after`, or
    /// the next summary. Missed doses and answers come from medd as they happen.
    public static func nextEvent(for carer: Carer, doses: [CarerDose], now: Instant, zone: ZoneRules) -> Instant? {
        var next: Instant?
        func consider(_ instant: Instant) {
            if instant > now, next.map({ instant < $0 }) ?? true { next = instant }
        }
        if carer.after.seconds > 0 {
            for dose in doses where (dose.state.isOpen || dose.state == .planned) && (carer.person == nil || dose.person == carer.person) {
                consider(dose.due + carer.after)
            }
        }
        if let time = carer.summary {
            let today = zone.local(now).date
            for date in [today, today.adding(days: 1)] { consider(zone.resolve(date, time).instant) }
        }
        return next
    }

    /// Per person's name (`""` for no one in particular): taken (and of them late), skipped, missed, open.
    static func summaryCounts(_ doses: [CarerDose], people: [String: Person]) -> [String: CarerMessage.Counts] {
        var counts: [String: CarerMessage.Counts] = [:]
        for dose in doses {
            let key = dose.person.map { people[$0]?.displayName ?? $0 } ?? ""
            var tally = counts[key] ?? CarerMessage.Counts()
            switch dose.state {
            case .taken:
                tally.taken += 1
                if let at = dose.answeredAt, at > dose.due + Adherence.onTimeWindow { tally.late += 1 }
            case .skipped: tally.skipped += 1
            case .missed: tally.missed += 1
            case .pending, .snoozed, .planned: tally.open += 1
            case .untracked, .measured: continue
            }
            counts[key] = tally
        }
        return counts
    }
}

/// A medication's dose as a carer's messages are decided from it (medd's `Dose` object, read by medd-sync).
public struct CarerDose: Hashable, Sendable {
    public var id: String
    public var medication: String
    /// The medication's name and dose text: `Metformin 500 mg`.
    public var name: String
    /// The person label it is for.
    public var person: String?
    public var due: Instant
    public var state: DoseState
    /// When it was taken, skipped or marked missed.
    public var answeredAt: Instant?

    public init(id: String, medication: String, name: String, person: String?, due: Instant, state: DoseState, answeredAt: Instant?) {
        self.id = id
        self.medication = medication
        self.name = name
        self.person = person
        self.due = due
        self.state = state
        self.answeredAt = answeredAt
    }
}
