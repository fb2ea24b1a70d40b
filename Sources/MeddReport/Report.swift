public import MeddCore

/// A report for the doctor over a range of due times: who, when, each medication with its adherence,
/// the lateness of each dose and its stock, and a calendar of the days. Times are already in words
/// of the user's zone, so a renderer needs no zone: this is what `medd-report-pdf` reads as JSON.
public struct Report: Hashable, Sendable {
    /// What made it: "medd 0.7.0".
    public var generator: String
    /// When it was made, local time: "2026-11-22 09:00".
    public var generatedAt: String
    /// Where the answers come from.
    public var source: ReportSource
    /// The machine the doses were recorded on, when named.
    public var host: String?
    /// The people the reported medications are for, by name.
    public var people: [String]
    /// The range of due times, `[since, until)`, local time: "2026-08-24 09:00".
    public var since: String
    public var until: String
    /// The local days the range touches (the calendar's); `lastDay` before `firstDay` for an empty range.
    public var firstDay: LocalDate
    public var lastDay: LocalDate
    public var paper: Paper
    /// The counts over every medication reported.
    public var total: AdherenceCounts
    public var medications: [Medication]
    /// The first day shown day by day (the calendar, each dose and its lateness, the skipped and missed
    /// doses, the notes): `firstDay`, or for a period longer than a year the first of the month that
    /// starts its last twelve months; the months before it are `months`.
    public var detailFirstDay: LocalDate
    /// Each month before `detailFirstDay`, with the counts of its doses over every medication reported.
    public var months: [MonthCounts]
    /// One member per day from `detailFirstDay` through `lastDay`.
    public var calendar: [AdherenceDay]
    /// The measurements with readings in the period, in the configuration's order of IDs.
    public var measurements: [Measurement]
    /// Each medication's effect on a measurement it is for, over the period.
    public var effects: [MedicationEffect]

    public init(generator: String, generatedAt: String, source: ReportSource, host: String? = nil, people: [String] = [],
                since: String, until: String, firstDay: LocalDate, lastDay: LocalDate, paper: Paper,
                total: AdherenceCounts, medications: [Medication], detailFirstDay: LocalDate? = nil, months: [MonthCounts] = [],
                calendar: [AdherenceDay], measurements: [Measurement] = [], effects: [MedicationEffect] = []) {
        self.generator = generator
        self.generatedAt = generatedAt
        self.source = source
        self.host = host
        self.people = people
        self.since = since
        self.until = until
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.paper = paper
        self.total = total
        self.medications = medications
        self.detailFirstDay = detailFirstDay ?? firstDay
        self.months = months
        self.calendar = calendar
        self.measurements = measurements
        self.effects = effects
    }

    /// How many days the period has.
    public var dayCount: Int { max(0, Int(lastDay.dayNumber - firstDay.dayNumber) + 1) }

    /// Days of the period before `detailFirstDay`.
    public var summarizedDays: Int { Int(detailFirstDay.dayNumber - firstDay.dayNumber) }

    /// The doses of one month, counted over every medication reported.
    public struct MonthCounts: Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var counts: AdherenceCounts

        public init(year: Int, month: Int, counts: AdherenceCounts) {
            self.year = year
            self.month = month
            self.counts = counts
        }
    }

    /// One medication: what and when, its counts, every final dose and its stock.
    public struct Medication: Hashable, Sendable {
        public var id: String
        public var name: String
        public var dose: String
        /// nil when it is not known.
        public var schedule: ScheduleDescription?
        /// For a medication known only from the journal's answers (whose schedule is not known): the
        /// local times of day its doses were due, which the report shows as its schedule.
        public var dueTimes: [WallTime]?
        /// The name of the person it is for.
        public var person: String?
        public var notes: String?
        /// Paused, as needed, no longer in the configuration; nil for an ordinary one.
        public var status: Status?
        public var counts: AdherenceCounts
        /// Its final doses in the range, by due time.
        public var doses: [Dose]
        public var stock: Stock?

        public init(id: String, name: String, dose: String, schedule: ScheduleDescription?, dueTimes: [WallTime]? = nil, person: String? = nil,
                    notes: String? = nil, status: Status? = nil, counts: AdherenceCounts, doses: [Dose] = [], stock: Stock? = nil) {
            self.id = id
            self.name = name
            self.dose = dose
            self.schedule = schedule
            self.dueTimes = dueTimes
            self.person = person
            self.notes = notes
            self.status = status
            self.counts = counts
            self.doses = doses
            self.stock = stock
        }

        /// What sets a medication apart from one planned and reminded of as usual.
        public enum Status: String, CaseIterable, Hashable, Sendable {
            case paused
            case asNeeded
            case removed
        }
    }

    /// A dose with its final state.
    public struct Dose: Hashable, Sendable {
        /// Its due time, local: "2026-09-03 08:00".
        public var due: String
        /// Where it falls: days since the start of `firstDay`, local wall-clock time (08:00 on the
        /// third day is 2.333…).
        public var day: Double
        /// `onTime`, `late`, `skipped` or `missed` (never `nothing`).
        public var outcome: AdherenceDay.Outcome
        /// For a taken dose, how long after its due time it was taken, in whole minutes (before: negative).
        public var minutes: Int?
        /// When it was answered (or marked missed), local.
        public var answered: String?
        public var reason: String?
        public var note: String?

        public init(due: String, day: Double, outcome: AdherenceDay.Outcome, minutes: Int? = nil, answered: String? = nil,
                    reason: String? = nil, note: String? = nil) {
            self.due = due
            self.day = day
            self.outcome = outcome
            self.minutes = minutes
            self.answered = answered
            self.reason = reason
            self.note = note
        }

        /// The note unless it only repeats the reason (the control interface keeps a skip's reason as its note too).
        public var distinctNote: String? {
            guard let note, !note.isEmpty, note != reason else { return nil }
            return note
        }
    }

    /// Units on hand and when they run out.
    public struct Stock: Hashable, Sendable {
        public var level: Quantity
        public var refillAt: Quantity?
        /// When counting started, local date, and from how many units.
        public var since: String?
        public var start: Quantity?
        /// Local due times of the dose that brings the stock to `refillAt` and of the first it does not cover.
        public var refillDue: String?
        public var runsOut: String?

        public init(level: Quantity, refillAt: Quantity? = nil, since: String? = nil, start: Quantity? = nil, refillDue: String? = nil,
                    runsOut: String? = nil) {
            self.level = level
            self.refillAt = refillAt
            self.since = since
            self.start = start
            self.refillDue = refillDue
            self.runsOut = runsOut
        }
    }
}
