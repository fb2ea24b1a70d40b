/// The lifecycle of every dose as a pure state machine: planned → pending ⇄ snoozed → taken, skipped or missed.
///
/// It never reads a clock and never does I/O: each call takes `now` and returns effects as values.
/// Its state is a fold over `DoseEvent`s, so `absorb`-ing the ledger's events rebuilds it exactly.
public struct DoseBook: Sendable {
    public internal(set) var configuration: Configuration {
        didSet {
            hasSchedules = Self.hasSchedules(configuration)
            afterTakenMedications = Self.afterTakenMedications(configuration)
        }
    }
    /// Some medication plans doses (not all are as-needed or paused): then the plan needs extending.
    private(set) var hasSchedules: Bool
    /// The medications whose next dose follows the answer to the one before: an answer replans.
    private(set) var afterTakenMedications: Set<String>
    /// During `advance`, the days of `after_taken` medications with a dose it recorded as missed: a next
    /// dose of theirs due already is new, not one a changed schedule reveals in the past. Empty otherwise.
    var missedChainDays: Set<ChainDay> = []
    public internal(set) var localZone: ZoneRules
    /// Every dose that has had an event, except final ones the ledger holds (see `heldFrom`).
    public internal(set) var records: [DoseID: DoseRecord] = [:]
    /// Doses that are pending or snoozed.
    public internal(set) var open: Set<DoseID> = []
    /// `records` holds every dose due from this instant, every dose alerted or answered since, and
    /// every open dose; a final dose older than that may be only in the ledger. `.min`: it holds all.
    public internal(set) var heldFrom = Instant(usec: .min)
    /// Every scheduled dose due at or before this instant has been dealt with.
    public internal(set) var watermark: Instant?
    /// Units on hand, per medication that has a `stock`.
    public internal(set) var stock: [String: StockCount] = [:]
    public internal(set) var snoozes: [SnoozeID: DoseID] = [:]
    /// Per medication ID, the instant medd first ran with it less `onTimeTolerance`: a dose due
    /// earlier with no event is `untracked` (see `isTracked`).
    public internal(set) var trackedSince: [String: Instant] = [:]
    /// The `expiring` and `expired` events recorded, each once per medication and expiry date.
    public internal(set) var expiryNotices: Set<ExpiryNotice> = []
    private(set) var plan: [Dose] = [] {
        didSet { planRecorded = plan.map { records[$0.id] != nil } }
    }
    /// `planRecorded[i]`: `plan[i]` has a record. Finding the next dose then skips the doses answered
    /// early without a dictionary lookup each.
    private(set) var planRecorded: [Bool] = []
    private(set) var plannedFrom = Instant(usec: .max)
    private(set) var plannedUntil = Instant(usec: .min)

    /// A dose this late when first seen is a catch-up, not an ordinary firing; an answer or a reading may be
    /// dated this far ahead of the clock.
    public static let onTimeTolerance = TimeSpan(seconds: 60)
    /// The longest a snooze may last; the control interface, medctl and the desktop buttons take their
    /// limits from it.
    public static let longestSnooze = TimeSpan.hours(24)
    /// `longestSnooze` in minutes, the unit snoozes are asked for in.
    public static var longestSnoozeMinutes: Int { Int(longestSnooze.seconds / 60) }

    /// A book given a `watermark` is one that ran until then: it tracks its medications from there.
    public init(configuration: Configuration, localZone: ZoneRules, watermark: Instant? = nil) {
        self.configuration = configuration
        self.hasSchedules = Self.hasSchedules(configuration)
        self.afterTakenMedications = Self.afterTakenMedications(configuration)
        self.localZone = localZone
        self.watermark = watermark
        if let watermark {
            trackedSince = Dictionary(configuration.subjects.map { ($0.id, watermark) }, uniquingKeysWith: min)
        }
    }

    public var settings: Settings { configuration.settings }

    private static func hasSchedules(_ configuration: Configuration) -> Bool {
        configuration.subjects.contains { !$0.isAsNeeded && !$0.paused }
    }

    /// One medication's doses on one nominal date: one `after_taken` chain.
    struct ChainDay: Hashable, Sendable {
        let medication: String
        let date: LocalDate

        init(_ id: DoseID) {
            medication = id.medication
            date = id.date
        }
    }

    private static func afterTakenMedications(_ configuration: Configuration) -> Set<String> {
        Set(configuration.subjects.filter(\.isAfterTaken).map(\.id))
    }
    public var planner: Planner { Planner(configuration: configuration, localZone: localZone, trackedSince: trackedSince) }

    /// Applies a recorded event to the state: used both live and to replay the ledger.
    public mutating func absorb(_ event: DoseEvent) {
        absorb(event, countingStock: true)
    }

    /// `absorb`, leaving the stock levels alone when they are restored already (`restore`).
    mutating func absorb(_ event: DoseEvent, countingStock: Bool) {
        // An expiry event's dose only names the medication and the date: no dose record is touched.
        if event.kind.isExpiry { return noteExpiry(event) }
        // Nor by a refill's, which names the medication and the refill's minute.
        if event.kind == .refilled {
            if countingStock { countRefill(event) }
            return
        }
        let id = event.dose.id
        if records[id] == nil { markPlanned(event.dose) }
        let before = records[id] ?? DoseRecord(dose: event.dose)
        var record = before
        guard record.apply(event) else { return }
        if countingStock, event.kind.isFinal, (before.state == .taken) != (event.kind == .taken) {
            countStock(id, becameTaken: event.kind == .taken, at: event.kind == .taken ? event.at : before.answeredAt ?? event.at)
        }
        if snoozes[id.snoozeID] == id { snoozes[id.snoozeID] = nil }
        if event.kind == .snoozed {
            if let other = snoozes[id.snoozeID] { displaceSnooze(of: other) }
            snoozes[id.snoozeID] = id
        }
        if record.state.isOpen { open.insert(id) } else { open.remove(id) }
        records[id] = record
        if event.isFinal, afterTakenMedications.contains(id.medication) { invalidatePlan() }
    }

    /// Another dose took this one's snooze slot: it is pending again, with no snooze.
    mutating func displaceSnooze(of id: DoseID) {
        guard var displaced = records[id] else { return }
        if snoozes[id.snoozeID] == id { snoozes[id.snoozeID] = nil }
        displaced.snoozeUntil = nil
        displaced.state = .pending
        records[id] = displaced
    }

    /// Notes in `planRecorded` that `dose` now has a record.
    mutating func markPlanned(_ dose: Dose) {
        if let index = plan.index(ofPlanned: dose) { planRecorded[index] = true }
    }

    /// Leaves the plan as it is when its window covers `start` through `horizon`; else plans `[start, end)` afresh.
    mutating func ensurePlanned(from start: Instant, through horizon: Instant, replanningUntil end: Instant) {
        guard plannedUntil < horizon || plannedFrom > start else { return }
        plan = planner.doses(from: start, to: end, records: records)
        plannedFrom = start
        plannedUntil = end
    }

    /// Drops the planned doses due before `start`, which no later `advance` reads: after a long catch-up,
    /// they walk and hold the horizon, not the weeks behind it.
    mutating func trimPlan(before start: Instant) {
        guard plannedFrom < start, plannedUntil.usec != .min else { return }
        plan = Array(plan[plan.firstIndex(dueAfter: Instant(usec: start.usec - 1))...])
        plannedFrom = start
    }

    /// Drops the plan, so the next `advance` plans afresh (after a new configuration or zone).
    mutating func invalidatePlan() {
        plan = []
        plannedFrom = Instant(usec: .max)
        plannedUntil = Instant(usec: .min)
    }

    /// Restores the watermark saved with the ledger.
    public mutating func restoreWatermark(_ instant: Instant?) {
        watermark = instant
    }

    /// Records an event the book itself decided on, returning the effect that persists it.
    mutating func emit(_ event: DoseEvent, imported: Bool = false, into effects: inout [Effect]) {
        let levelBefore = stock[event.dose.medication]?.level
        absorb(event)
        if event.kind == .missed, afterTakenMedications.contains(event.dose.medication) {
            missedChainDays.insert(ChainDay(event.dose.id))
        }
        effects.append(imported ? .recordImported(event) : .record(event))
        if event.kind == .taken, let lowStock = lowStockEvent(after: event, levelBefore: levelBefore) {
            effects.append(.record(lowStock))
        }
    }

    /// The instant an open dose becomes `missed`: `grace` after it was due, but never before a
    /// snooze has rung and left one default snooze length to answer it.
    func deadline(of record: DoseRecord) -> Instant {
        let graceEnd = record.dose.scheduled + settings.grace
        guard let until = record.snoozeUntil else { return graceEnd }
        return max(graceEnd, until + settings.defaultSnooze)
    }
}

/// The book's output: what the runtime must do after a call.
extension DoseBook {
    /// What the dose book asks the runtime to do, in order.
    public enum Effect: Hashable, Sendable {
        /// Persist the event (ledger first), then journal it and run hooks.
        case record(DoseEvent)
        /// Persist and journal an event brought in from a file (`medctl import`): it is history, and runs no hooks.
        case recordImported(DoseEvent)
        /// Show the dose's alert, replacing the one already shown for it.
        case alert(Alert)
        /// Close the dose's alert: it is answered, snoozed or missed.
        case closeAlert(DoseID)
        /// Arm the single wake-up timer; nil means nothing is scheduled.
        case wakeUp(at: Instant?)

        /// The event this effect asks to record, if it is a `.record` or a `.recordImported`.
        public var recordedEvent: DoseEvent? {
            switch self {
            case .record(let event), .recordImported(let event): event
            case .alert, .closeAlert, .wakeUp: nil
            }
        }
    }

    /// A desktop alert to show; a re-alert replaces the dose's existing notification.
    public struct Alert: Hashable, Sendable {
        public var dose: Dose
        /// `.fired` for the first alert, `.renotified` or `.escalated` for later ones.
        public var kind: EventKind
        /// Shown again not because time passed (the person came back, or a server shows pending doses anew):
        /// it rings only when the dose has not rung for a `renotify` interval.
        public var isReturn: Bool

        public init(dose: Dose, kind: EventKind, isReturn: Bool = false) {
            self.dose = dose
            self.kind = kind
            self.isReturn = isReturn
        }
    }
}
