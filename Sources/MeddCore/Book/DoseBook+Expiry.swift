/// Expiry: a medication's `expires` date is reported, never acted on — its doses go on as before.
///
/// `expiring` is recorded at local midnight (the medication's zone) `expiry_warning` days before the
/// date, `expired` at local midnight starting it; each once per medication and date, or at the first
/// advance after its instant when medd was not running then. Once the date has come, only `expired`
/// is owed: a warning for a date already past would say less, later. A changed date is a new expiry.
/// An expiry event carries a dose named after the medication and the date (`<med>_<yyyyMMdd>_00_00`,
/// due at that midnight), so it travels through the ledger, the journal and hooks like a dose event,
/// yet changes no dose.
extension DoseBook {
    /// One expiry event recorded: which medication, which `expires` date, `expiring` or `expired`.
    public struct ExpiryNotice: Hashable, Sendable {
        public var medication: String
        public var expires: LocalDate
        public var kind: EventKind

        public init(medication: String, expires: LocalDate, kind: EventKind) {
            self.medication = medication
            self.expires = expires
            self.kind = kind
        }
    }

    /// Where a medication with an `expires` date stands: before the warning, within it, or expired.
    public enum ExpiryStatus: String, Sendable {
        case current, expiring, expired
    }

    /// The instants `med`'s expiry gives: the warning's start and the expiry itself; nil without `expires`.
    public func expiryInstants(of med: Medication) -> (warning: Instant, expiry: Instant)? {
        guard let expires = med.expires else { return nil }
        let rules = planner.rules(for: med)
        let warningDate = expires.adding(days: -(settings.expiryWarning.seconds / 86_400))
        return (rules.startOfDay(warningDate), rules.startOfDay(expires))
    }

    /// Where `med`'s expiry stands at `now`; nil when it has no `expires` date.
    public func expiryStatus(of med: Medication, at now: Instant) -> ExpiryStatus? {
        guard let (warning, expiry) = expiryInstants(of: med) else { return nil }
        return now >= expiry ? .expired : now >= warning ? .expiring : .current
    }

    /// Records the expiry events owed at `now`.
    mutating func recordExpiries(_ now: Instant, _ effects: inout [Effect]) {
        for med in configuration.medications {
            guard let kind = owedExpiryEvent(of: med, at: now), let expires = med.expires else { continue }
            let rules = planner.rules(for: med)
            let (instant, offset) = rules.resolve(expires, WallTime(minuteOfDay: 0)!)
            let dose = Dose(id: DoseID(medication: med.id, date: expires, time: WallTime(minuteOfDay: 0)!),
                            name: med.name, doseText: med.dose, scheduled: instant, utcOffset: offset)
            emit(DoseEvent(kind: kind, dose: dose, at: now, source: .daemon), into: &effects)
        }
    }

    /// The expiry event `med` is owed at `now`, if any.
    private func owedExpiryEvent(of med: Medication, at now: Instant) -> EventKind? {
        guard let expires = med.expires, let status = expiryStatus(of: med, at: now), status != .current,
              !noticed(.expired, med.id, expires) else { return nil }
        if status == .expired { return .expired }
        return noticed(.expiring, med.id, expires) ? nil : .expiring
    }

    /// The next instant an expiry event falls due, for the wake-up timer; nil when none is owed.
    func nextExpiryInstant() -> Instant? {
        var next: Instant?
        for med in configuration.medications {
            guard let expires = med.expires, !noticed(.expired, med.id, expires),
                  let (warning, expiry) = expiryInstants(of: med) else { continue }
            let instant = noticed(.expiring, med.id, expires) ? expiry : warning
            if instant < next ?? Instant(usec: .max) { next = instant }
        }
        return next
    }

    /// Folds a recorded expiry event into the book.
    mutating func noteExpiry(_ event: DoseEvent) {
        expiryNotices.insert(ExpiryNotice(medication: event.dose.medication, expires: event.dose.id.date, kind: event.kind))
    }

    private func noticed(_ kind: EventKind, _ medication: String, _ expires: LocalDate) -> Bool {
        expiryNotices.contains(ExpiryNotice(medication: medication, expires: expires, kind: kind))
    }
}
