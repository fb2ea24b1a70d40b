import ArgumentParser
import Foundation
import MeddCore

/// `--from WHEN`: a date meaning local midnight, or an ISO 8601 instant.
struct PlanStart: ExpressibleByArgument {
    enum Kind {
        case date(LocalDate)
        case instant(Instant)
    }

    let kind: Kind

    init?(argument: String) {
        if let date = LocalDate(parsing: argument) {
            kind = .date(date)
            return
        }
        guard let instant = Instant(iso8601: argument) else { return nil }
        kind = .instant(instant)
    }

    static var defaultValueDescription: String { "now" }

    func instant(in zone: TimeZone) -> Instant {
        switch kind {
        case .date(let date): return ZoneRules(zone: zone).startOfDay(date)
        case .instant(let instant): return instant
        }
    }
}
