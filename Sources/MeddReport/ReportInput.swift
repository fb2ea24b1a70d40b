public import MeddCore

/// What a report is made from, as plain data: whoever gathered it (the daemon over its socket, or the
/// journal read directly) fills it in, and `Report(_:)` does the rest.
public struct ReportInput: Sendable {
    /// The due times covered, `[since, until)`.
    public var since: Instant
    public var until: Instant
    /// When the report was made.
    public var now: Instant
    /// The zone times are shown in.
    public var zone: ZoneRules
    /// Where the answers come from.
    public var source: ReportSource
    /// The machine the doses were recorded on, when it is not this one (a journal from elsewhere).
    public var host: String?
    /// What made the report: "medd 0.7.0".
    public var generator: String
    public var paper: Paper
    /// The people the medications are for, with their names where the configuration gives one.
    public var people: [Person]
    /// The medications reported, in the configuration's order.
    public var medications: [Medication]
    /// The doses due in the range that have a final state (taken, skipped, missed), any order.
    public var doses: [Dose]
    /// The adherence counts for the range, as `medctl adherence` reports them.
    public var adherence: AdherenceReport
    /// The measurements with their readings taken in the range.
    public var measurements: [Measurement] = []
    /// Each medication's effect on a measurement it is for, over the range (the daemon's `Effect`).
    public var effects: [MedicationEffect] = []

    public init(since: Instant, until: Instant, now: Instant, zone: ZoneRules, source: ReportSource, host: String? = nil,
                generator: String, paper: Paper, people: [Person] = [], medications: [Medication], doses: [Dose],
                adherence: AdherenceReport) {
        self.since = since
        self.until = until
        self.now = now
        self.zone = zone
        self.source = source
        self.host = host
        self.generator = generator
        self.paper = paper
        self.people = people
        self.medications = medications
        self.doses = doses
        self.adherence = adherence
    }

    /// A medication as the configuration (and the daemon's stock count) describes it.
    public struct Medication: Hashable, Sendable {
        public var id: String
        public var name: String
        public var dose: String
        /// The schedule; nil when it is not known (a medication known only from the journal).
        public var schedule: ScheduleDescription?
        /// For a medication known only from the journal: the local times of day its doses were due.
        public var dueTimes: [WallTime]?
        /// The person label.
        public var person: String?
        public var notes: String?
        public var paused = false
        public var asNeeded = false
        /// Units on hand now, when counted.
        public var stock: Quantity?
        public var refillAt: Quantity?
        /// When the count (re)started, and from how many units.
        public var stockSince: Instant?
        public var stockStart: Quantity?
        /// If every planned dose is taken: when the stock reaches `refillAt`, and the first dose it does not cover.
        public var refillDue: Instant?
        public var runsOut: Instant?

        public init(id: String, name: String, dose: String, schedule: ScheduleDescription?) {
            self.id = id
            self.name = name
            self.dose = dose
            self.schedule = schedule
        }
    }

    /// A measurement and its readings, as the daemon's `ListReadings` gives them.
    public struct Measurement: Sendable {
        public var id: String
        public var name: String
        public var kind: MeasurementKind
        public var unit: String
        /// The target in force when its latest reading was taken.
        public var target: MeasurementTarget?
        /// The IDs of the medications it is for (its `for`).
        public var medications: [String]
        public var readings: [Reading]

        public init(id: String, name: String, kind: MeasurementKind, unit: String, target: MeasurementTarget? = nil,
                    medications: [String] = [], readings: [Reading]) {
            self.id = id
            self.name = name
            self.kind = kind
            self.unit = unit
            self.target = target
            self.medications = medications
            self.readings = readings
        }

        public struct Reading: Sendable {
            public var at: Instant
            public var value: ReadingValue
            /// Whether it was within the target in force when it was taken; nil without one.
            public var inTarget: Bool?

            public init(at: Instant, value: ReadingValue, inTarget: Bool?) {
                self.at = at
                self.value = value
                self.inTarget = inTarget
            }
        }
    }

    /// A dose with its final state.
    public struct Dose: Hashable, Sendable {
        public var medication: String
        /// The medication's name and dose text when the dose was due.
        public var name: String
        public var doseText: String
        public var scheduled: Instant
        /// `taken`, `skipped` or `missed`.
        public var state: EventKind
        /// When it was taken, skipped or marked missed.
        public var answeredAt: Instant?
        public var reason: String?
        public var note: String?

        public init(medication: String, name: String, doseText: String, scheduled: Instant, state: EventKind,
                    answeredAt: Instant?, reason: String? = nil, note: String? = nil) {
            self.medication = medication
            self.name = name
            self.doseText = doseText
            self.scheduled = scheduled
            self.state = state
            self.answeredAt = answeredAt
            self.reason = reason
            self.note = note
        }
    }
}
