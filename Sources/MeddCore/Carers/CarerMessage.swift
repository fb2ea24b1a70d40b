/// One message to a carer, decided by `CarerPolicy` and kept by medd-sync until every channel has it. Its
/// `id` is derived from what it is about (the kind, the carer, the dose or the day), so deciding it again
/// — after a restart, a crash, a second look — finds the same message and never makes a second one.
public struct CarerMessage: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A dose still open `after` its due time.
        case overdue
        case missed
        /// A dose told of as open or missed was answered after all.
        case allClear = "all_clear"
        /// The day's doses, at `summary`.
        case summary
        /// `medctl carers test`.
        case test
    }

    public var kind: Kind
    public var carer: String
    /// The dose it is about (not for a summary or a test).
    public var dose: About?
    /// A summary's day and its counts, per person (`""` for doses for no one in particular).
    public var day: LocalDate?
    public var counts: [String: Counts]
    /// When what it tells of happened: the dose's due time plus `after`, when it was missed or answered,
    /// the summary's time. A message made well after it (medd-sync was not running) says it is late.
    public var eventAt: Instant
    public var createdAt: Instant

    public init(kind: Kind, carer: String, dose: About? = nil, day: LocalDate? = nil, counts: [String: Counts] = [:], eventAt: Instant,
                createdAt: Instant) {
        self.kind = kind
        self.carer = carer
        self.dose = dose
        self.day = day
        self.counts = counts
        self.eventAt = eventAt
        self.createdAt = createdAt
    }

    /// `overdue/anna/metformin_20261207_08_00`, `summary/anna/2026-12-07`, `test/anna/1765094400000000`.
    public var id: String {
        let subject = dose?.id ?? day?.iso8601 ?? String(createdAt.usec)
        return "\(kind.rawValue)/\(carer)/\(subject)"
    }

    /// Made more than this after its event, a message says it is late.
    public static let lateAfter = TimeSpan.minutes(5)

    public var isLate: Bool { createdAt.usec - eventAt.usec > Self.lateAfter.seconds * 1_000_000 }

    /// The dose a message is about, as the carer may be told of it.
    public struct About: Hashable, Sendable {
        public var id: String
        public var medication: String
        /// The medication's name and dose text (`Metformin 500 mg`); said only with `details`.
        public var name: String
        /// The person's name, else their label; nil for no one in particular.
        public var person: String?
        public var due: Instant
        /// An all-clear's answer: taken or skipped, and when.
        public var answer: DoseState?
        public var answeredAt: Instant?

        public init(id: String, medication: String, name: String, person: String?, due: Instant, answer: DoseState? = nil,
                    answeredAt: Instant? = nil) {
            self.id = id
            self.medication = medication
            self.name = name
            self.person = person
            self.due = due
            self.answer = answer
            self.answeredAt = answeredAt
        }
    }

    /// A summary's doses of one person.
    public struct Counts: Hashable, Sendable {
        public var taken = 0
        /// Of `taken`, those taken more than an hour after they were due.
        public var late = 0
        public var skipped = 0
        public var missed = 0
        public var open = 0

        public init(taken: Int = 0, late: Int = 0, skipped: Int = 0, missed: Int = 0, open: Int = 0) {
            self.taken = taken
            self.late = late
            self.skipped = skipped
            self.missed = missed
            self.open = open
        }
    }
}
