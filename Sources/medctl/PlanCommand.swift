import MeddCommandLine
import MeddCore

/// `medctl plan`: the doses the configuration yields, offline.
struct PlanCommand: Verb {
    static let name = "plan"
    static var abstract: String { tr("List the doses the configuration yields, without the daemon.") }
    static var discussion: String {
        tr("""
            WHEN is a date (YYYY-MM-DD, meaning local midnight) or an ISO 8601 instant \
            such as 2027-03-10T00:00:00Z. --json prints an array of \
            {"id", "med", "name", "dose", "scheduled", "usec"} objects, with "person" when the \
            medication names one. Zones are read from the \
            system's tz database: named ones from TZDIR (default /usr/share/zoneinfo), the local one \
            from TZ, else /etc/localtime. medd reads the file and plans (`medd --plan`): medctl runs \
            the medd installed beside it, else the first on PATH.
            """)
    }
    static var options: [OptionSpec] {
        [
            ConfigOption.option,
            .value("from", "WHEN", tr("Where the plan starts (default: now).")),
            // TRANSLATORS: %1$d and %2$d are the fewest and most days a plan may cover.
            .value("days", "N", tr("How many days to plan, %1$d to %2$d (default: the configuration's horizon_days).",
                                   String(Planner.dayCounts.lowerBound), String(Planner.dayCounts.upperBound))),
        ]
    }

    let global: GlobalOptions
    let configPath: String
    /// `--from` as an ISO 8601 instant in the local zone; offline, "now" is the wall clock, never a daemon's.
    let start: String?
    let dayCount: Int?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        configPath = try ConfigOption.path(arguments)
        if let when: When = try arguments.value("from") {
            let text = when.iso(now: LocalTimeText.wallClock())
            guard Instant(iso8601: text) != nil else { throw arguments.error(tr("--from %1$s is outside the years 0001 to 9999", text)) }
            start = text
        } else {
            start = nil
        }
        dayCount = try arguments.value("days")
        if let dayCount, !Planner.dayCounts.contains(dayCount) {
            throw arguments.error(DayCount.outOfRange(dayCount))
        }
    }

    func run() throws {
        var arguments = ["--plan", "--config=" + configPath]
        if let start { arguments.append("--from=" + start) }
        if let dayCount { arguments.append("--days=" + String(dayCount)) }
        if global.json { arguments.append("--json") }
        try MeddProgram.replaceMedctl(with: arguments, verb: Self.name)
    }
}
