/// A validated configuration file.
public struct Configuration: Hashable, Sendable {
    public var settings: Settings
    /// Sorted by ID, so every walk over them is deterministic.
    public var medications: [Medication] {
        didSet { subjects = Self.subjects(medications, measurements) }
    }
    /// The `[measurement.ID]` tables, sorted by ID.
    public var measurements: [Measurement] {
        didSet { subjects = Self.subjects(medications, measurements) }
    }
    /// What the planner and the book plan and answer: the medications and the measurements' reminders
    /// (`Measurement.reminders`), sorted by ID. The two share one namespace of IDs.
    public private(set) var subjects: [Medication]
    public var hooks: [Hook]
    /// The rules of every zone the file names (`timezone = "Asia/Tokyo"`), read when it was loaded,
    /// so planning needs no I/O.
    public var zones: [String: ZoneRules]
    /// The `[person.ID]` tables, by ID. A person a medication names needs no table.
    public var people: [String: Person]
    /// The `[sync]` table, when the file has one: for medd-sync, not medd.
    public var sync: SyncSettings?
    /// The `[carer.ID]` tables, sorted by ID, and the `[mail]` table: for medd-sync, not medd.
    public var carers: [Carer]
    public var mail: MailSettings?

    public init(settings: Settings = Settings(), medications: [Medication] = [], measurements: [Measurement] = [], hooks: [Hook] = [],
                zones: [String: ZoneRules] = [:], people: [String: Person] = [:], sync: SyncSettings? = nil, carers: [Carer] = [],
                mail: MailSettings? = nil) {
        self.settings = settings
        self.medications = medications.sorted { $0.id < $1.id }
        self.measurements = measurements.sorted { $0.id < $1.id }
        subjects = Self.subjects(medications, measurements)
        self.hooks = hooks
        self.zones = zones
        self.people = people
        self.sync = sync
        self.carers = carers.sorted { $0.id < $1.id }
        self.mail = mail
    }

    private static func subjects(_ medications: [Medication], _ measurements: [Measurement]) -> [Medication] {
        (medications + measurements.map(\.reminders)).sorted { $0.id < $1.id }
    }

    public func medication(_ id: String) -> Medication? {
        medications.first { $0.id == id }
    }

    public func measurement(_ id: String) -> Measurement? {
        measurements.first { $0.id == id }
    }

    /// The medication, or the reminders of the measurement, with this ID.
    public func subject(_ id: String) -> Medication? {
        subjects.first { $0.id == id }
    }

    /// Whether the doses of a medication (or the reminders of a measurement) are shown on the desktop and
    /// rung (`remind`); one no longer configured keeps the default.
    public func reminds(_ medication: String) -> Bool {
        subject(medication)?.remind ?? true
    }

    /// Whom a medication is for, named as its `[person.ID]` table says (by its label without one).
    public func person(of medication: Medication) -> Person? {
        medication.person.map { people[$0] ?? Person(id: $0) }
    }

    /// Whom the medication with this ID is for; nil for none, or a medication no longer configured.
    public func person(ofMedication id: String) -> Person? {
        subject(id).flatMap(person(of:))
    }

    /// How the reminders of the medication with this ID get attention (a medication no longer configured
    /// gets the `[settings]` style).
    public func alertStyle(ofMedication id: String) -> AlertStyle {
        settings.alert.applying(subject(id)?.alert ?? AlertStyle.Choices())
    }

    /// How urgent the reminder an alert event (`fired`, `renotified`, `escalated`) showed; nil for other events.
    public func urgency(of event: DoseEvent) -> Urgency? {
        guard event.kind.isAlert else { return nil }
        return alertStyle(ofMedication: event.dose.medication).urgency(ofDoseDueAt: event.dose.scheduled, at: event.at)
    }

    /// An event's journal entry as this configuration names it: whom it is for, and how urgent its reminder was.
    public func journalFields(of event: DoseEvent) -> [(String, String)] {
        event.journalFields(person: person(ofMedication: event.dose.medication), urgency: urgency(of: event))
    }

    /// The zone a medication's nominal times are read in.
    public func zoneChoice(for medication: Medication) -> ZoneChoice {
        medication.timezone ?? settings.timezone
    }
}

/// The `[settings]` table, with the defaults medd.toml(5) documents.
public struct Settings: Hashable, Sendable {
    public var horizonDays: Int = 14
    public var grace: TimeSpan = .hours(2)
    public var renotify: TimeSpan = .minutes(15)
    public var snooze: [TimeSpan] = [.minutes(10), .minutes(30), .minutes(60)]
    public var early: TimeSpan = .hours(2)
    public var timezone: ZoneChoice = .local
    /// How long before a medication's `expires` date `expiring` is recorded: whole days (`expiryWarningDays`).
    public var expiryWarning: TimeSpan = .days(14)
    /// `alert`, `escalate_after` and `sound` for every medication that does not set its own.
    public var alert = AlertStyle()
    /// How readily a change in a measurement counts as a medication's effect (`effect`).
    public var effect = EffectMode.default

    public init() {}

    /// The snooze length used when an answer names none.
    public var defaultSnooze: TimeSpan { snooze.first ?? .minutes(10) }

    /// `escalate_after` when `[settings]` gives none: 30 minutes, or half of `grace` in whole minutes when
    /// that is shorter, so a reminder always escalates before its dose is missed (a grace under 2m: never).
    public static func defaultEscalateAfter(grace: TimeSpan) -> TimeSpan {
        min(AlertStyle().escalateAfter, .minutes(grace.seconds / 120))
    }

    /// The values `expiry_warning` may take: from one day to a year, in whole days.
    public static let expiryWarningDays: ClosedRange<Int64> = 1...365
}

/// A `[[hook]]`: an argv run for each journal event of the listed kinds.
public struct Hook: Hashable, Sendable {
    public var on: Set<EventKind>
    public var exec: [String]
    public var timeout: TimeSpan

    public init(on: Set<EventKind>, exec: [String], timeout: TimeSpan = TimeSpan(seconds: 10)) {
        self.on = on
        self.exec = exec
        self.timeout = timeout
    }
}
