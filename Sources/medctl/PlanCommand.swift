import ArgumentParser
import MeddConfig
import MeddControl
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

    func validate() throws {
        if let days, !(1...3660).contains(days) {
            throw ValidationError("--days must be from 1 to 3660; got \(days)")
        }
    }

    func run() throws {
        let (_, configuration) = try configOption.load()
        let zone = LocalTimeText.rules
        let start = from?.instant(in: zone) ?? LocalTimeText.wallClock()
        let span = TimeSpan.days(Int64(days ?? configuration.settings.horizonDays))
        let doses = Planner(configuration: configuration, localZone: zone).doses(from: start, to: start + span)
        if global.json {
            Output.json(.array(doses.map {
                .object([
                    "id": .string($0.id.description), "med": .string($0.medication), "name": .string($0.name),
                    "dose": .string($0.doseText), "scheduled": .string($0.scheduledText), "usec": .integer(Int($0.scheduled.usec)),
                ])
            }))
        } else if doses.isEmpty {
            Output.line("no doses from \(zone.format(start)) for \(span)")
        } else {
            Output.table(["SCHEDULED", "DOSE ID", "MEDICATION", "DOSE"],
                         doses.map { [$0.scheduledText, $0.id.description, $0.name, $0.doseText] })
        }
    }
}
