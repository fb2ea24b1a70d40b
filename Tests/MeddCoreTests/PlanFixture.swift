import Foundation
import MeddCore
import MeddTestSupport

/// Shared builders for the planner suites. Expectations never come from here: only inputs.
enum PlanFixture {
    static let utcZone = SystemZone.named("UTC")

    static func date(_ text: String) -> LocalDate { LocalDate(parsing: text)! }
    static func time(_ text: String) -> WallTime { WallTime(parsing: text)! }
    static func zone(_ identifier: String) -> ZoneRules { SystemZone.named(identifier) }

    /// An instant from `yyyy-MM-ddTHH:mm:ssZ`, read by Foundation rather than by MeddCore.
    static func utc(_ text: String) -> Instant {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let date = formatter.date(from: text)!
        return Instant(seconds: Int64(date.timeIntervalSince1970))
    }

    static func medication(
        _ id: String, times: [String], filter: DayFilter = DayFilter(),
        start: String? = nil, end: String? = nil, zone: ZoneChoice? = nil
    ) -> Medication {
        var med = Medication(id: id, name: id.capitalized, dose: "1 tablet",
                             schedule: .times(times.map(time), filter))
        med.start = start.map(date)
        med.end = end.map(date)
        med.timezone = zone
        return med
    }

    static func interval(
        _ id: String, every: TimeSpan, from: String = "00:00", until: String = "23:59",
        filter: DayFilter = DayFilter(), start: String? = nil, end: String? = nil, zone: ZoneChoice? = nil
    ) -> Medication {
        var med = Medication(id: id, name: id.capitalized, dose: "1 tablet",
                             schedule: .interval(every: every, from: time(from), until: time(until), filter))
        med.start = start.map(date)
        med.end = end.map(date)
        med.timezone = zone
        return med
    }

    static func planner(_ medications: [Medication], zone: ZoneChoice = .named("UTC"), localZone: ZoneRules = utcZone) -> Planner {
        var settings = Settings()
        settings.timezone = zone
        return Planner(configuration: Configuration(settings: settings, medications: medications).withZonesLoaded(), localZone: localZone)
    }

    /// The doses whose nominal date is `day`, from a window wide enough for any zone.
    static func doses(on day: String, _ planner: Planner) -> [Dose] {
        let from = utc("\(day)T00:00:00Z") - .days(2)
        return planner.doses(from: from, to: from + .days(5)).filter { $0.id.date == date(day) }
    }
}
