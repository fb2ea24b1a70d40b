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
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: argument) {
            kind = .instant(Instant(seconds: Int64(date.timeIntervalSince1970)))
            return
        }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: argument) else { return nil }
        kind = .instant(Instant(usec: Int64((date.timeIntervalSince1970 * 1_000_000).rounded())))
    }

    static var defaultValueDescription: String { "now" }

    func instant(in zone: TimeZone) -> Instant {
        switch kind {
        case .date(let date): return ZoneRules(zone: zone).startOfDay(date)
        case .instant(let instant): return instant
        }
    }
}
