public import ICalendar
public import MeddCore

/// How medd-sync reads a time another client wrote: UTC as it is; `TZID=Europe/Berlin` through the
/// system's tz database (whatever VTIMEZONE the object carries, and also without one); a floating
/// time in the zone of the dose's medication.
public struct ClientTimes: Sendable {
    private let zoneNamed: @Sendable (String) -> ZoneRules?
    private let medicationZone: @Sendable (String) -> ZoneRules?

    /// `zoneNamed` looks a tz database name up; `medicationZone` gives a medication's zone by its ID.
    public init(zoneNamed: @escaping @Sendable (String) -> ZoneRules?, medicationZone: @escaping @Sendable (String) -> ZoneRules?) {
        self.zoneNamed = zoneNamed
        self.medicationZone = medicationZone
    }

    /// UTC only: for tests and tools that meet no zoned time.
    public static let utcOnly = ClientTimes(zoneNamed: { _ in nil }, medicationZone: { _ in nil })

    /// The instant `dateTime` names for a dose of `medication`; nil for a TZID no tz database knows.
    public func instant(_ dateTime: ICalendarDateTime, medication: String) -> Instant? {
        let rules: ZoneRules?
        switch dateTime.zone {
        case .utc: return dateTime.instant
        case .floating: rules = medicationZone(medication)
        case .tzid(let tzid): rules = zone(tzid)
        }
        guard let rules, let time = WallTime(hour: dateTime.hour, minute: dateTime.minute) else { return nil }
        return rules.resolve(dateTime.date, time).instant + TimeSpan(seconds: Int64(min(dateTime.second, 59)))
    }

    /// A TZID as clients write it: a tz database name, or one behind a prefix of the client's own
    /// (`/mozilla.org/20050126_1/Europe/Berlin`, `/citadel.org/20190914_1/Europe/Berlin`).
    private func zone(_ tzid: String) -> ZoneRules? {
        var parts = tzid.split(separator: "/", omittingEmptySubsequences: true)
        while !parts.isEmpty {
            if let rules = zoneNamed(parts.joined(separator: "/")) { return rules }
            parts.removeFirst()
        }
        return nil
    }
}
