import ArgumentParser
import Foundation
import MeddConfig
import MeddCore

/// `medctl plan`: the doses the configuration yields, offline.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "List the doses the configuration yields, without the daemon.",
        discussion: """
            WHEN is a date (YYYY-MM-DD, meaning local midnight) or an ISO 8601 instant \
            such as 2027-03-10T00:00:00Z. --json prints an array of \
            {"id", "med", "name", "dose", "scheduled", "usec"} objects. Zones are read from the \
            system's tz database: named ones from TZDIR (default /usr/share/zoneinfo), the local one \
            from TZ, else /etc/localtime.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: ArgumentHelp("Where the plan starts (default: now).", valueName: "WHEN"))
    var from: When?

    @Option(name: .long, help: ArgumentHelp("How many days to plan (default: the configuration's horizon_days).", valueName: "N"))
    var days: Int?

    struct Entry: Encodable {
        var id: String
        var med: String
        var name: String
        var dose: String
        var scheduled: String
        var usec: Int64
    }

    func validate() throws {
        if let days, !(1...3660).contains(days) {
            throw ValidationError("--days must be from 1 to 3660; got \(days)")
        }
    }

    func run() throws {
        let (_, configuration) = try configOption.load()
        let zone = LocalTimeText.rules
        let start = from?.instant(in: zone) ?? Instant(usec: Int64(Date().timeIntervalSince1970 * 1_000_000))
        let span = TimeSpan.days(Int64(days ?? configuration.settings.horizonDays))
        let doses = Planner(configuration: configuration, localZone: zone).doses(from: start, to: start + span)
        if global.json {
            try Output.json(doses.map {
                Entry(id: $0.id.description, med: $0.medication, name: $0.name, dose: $0.doseText, scheduled: $0.scheduledText, usec: $0.scheduled.usec)
            })
        } else if doses.isEmpty {
            Output.line("no doses from \(zone.format(start)) for \(span)")
        } else {
            Output.table(["SCHEDULED", "DOSE ID", "MEDICATION", "DOSE"],
                         doses.map { [$0.scheduledText, $0.id.description, $0.name, $0.doseText] })
        }
    }
}
