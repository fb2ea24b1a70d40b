import MeddCommandLine
import MeddCore
import MeddSystem
import Systemd

/// What one run of medd is asked to do, read from its command line: start the daemon, one of the
/// modes that start nothing (`--check`, `--plan`, `--restore`), or answer a `ProgramRequest`.
/// Reading checks every rule of how the options go together and settles every default path, so a
/// mode starts only with what it needs.
enum Invocation: Equatable {
    case daemon(configPath: String, stateDirectory: String, socketPath: String, desktop: Bool, pretendNow: Instant?)
    case check(configPath: String, json: Bool)
    case plan(configPath: String, from: PlanListing.Start?, days: Int?, json: Bool)
    case restore(file: String, stateDirectory: String)
    case request(ProgramRequest)

    static var options: [OptionSpec] {
        [
            ConfigOption.option,
            .value("state-dir", "DIR", tr("The directory of the ledger (default: $XDG_STATE_HOME/medd)."), takesDirectory: true),
            .value("socket", "PATH", tr("The control socket (default: $XDG_RUNTIME_DIR/medd/control.sock)."), takesPath: true),
            .flag("no-desktop", tr("Do not show desktop notifications.")),
            .value("pretend-now", "TIME",
                   tr("Start the clock at this ISO 8601 instant and run at real speed from there (demos, tests).")),
            .flag("check", tr("Validate the configuration, print the result and exit: 0 when it is valid, 1 when not.")),
            .flag("plan", tr("Print the doses the configuration yields and exit, without starting the daemon.")),
            .value("from", "WHEN",
                   tr("With --plan: where the plan starts, a date (local midnight) or an ISO 8601 instant (default: now).")),
            // TRANSLATORS: %1$d and %2$d are the fewest and most days a plan may cover.
            .value("days", "N", tr("With --plan: how many days, %1$d to %2$d (default: the configuration's horizon_days).",
                                   String(Planner.dayCounts.lowerBound), String(Planner.dayCounts.upperBound))),
            .flag("json", tr("With --check or --plan: print JSON.")),
            .value("restore", "FILE", tr("""
                Check FILE (a ledger backup, `medctl backup`) and make it the ledger of the state directory, keeping \
                the one it replaces; medd must not be running there. Starts nothing.
                """), takesPath: true),
        ]
    }

    init(_ arguments: [String], environment: [String: String] = ProcessEnvironment.variables) throws(UsageError) {
        var reader = ArgumentReader(arguments, program: "medd")
        var parsed = ParsedArguments()
        if let request = try reader.readToEnd(known: Self.options, operand: nil, into: &parsed, requests: .program) {
            self = .request(request)
        } else {
            try self.init(parsed, environment: environment)
        }
    }

    private init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let check = arguments.flag("check"), plan = arguments.flag("plan"), json = arguments.flag("json")
        let desktop = !arguments.flag("no-desktop")
        let days: Int? = try arguments.value("days")
        let stateDirectory = arguments.string("state-dir"), socket = arguments.string("socket")
        let from = arguments.string("from"), pretendNow = arguments.string("pretend-now"), restore = arguments.string("restore")
        if let restore {
            guard !restore.isEmpty else { throw arguments.error(tr("--restore needs a FILE")) }
            if check || plan || json || from != nil || days != nil || arguments.string("config") != nil || socket != nil || !desktop
                || pretendNow != nil {
                throw arguments.error(tr("--restore takes no option but --state-dir: it replaces the ledger of a stopped medd and starts nothing"))
            }
        }
        if check && plan { throw arguments.error(tr("--check and --plan cannot be combined")) }
        if !plan, from != nil || days != nil { throw arguments.error(tr("--from and --days go with --plan")) }
        if !check && !plan && json { throw arguments.error(tr("--json goes with --check or --plan")) }
        if check || plan, stateDirectory != nil || socket != nil || !desktop || pretendNow != nil {
            throw arguments.error(tr("""
                --check and --plan read only the configuration: --state-dir, --socket, --no-desktop and --pretend-now \
                are the daemon's
                """))
        }
        if let days, !Planner.dayCounts.contains(days) { throw arguments.error(DayCount.outOfRange(days)) }
        let start: PlanListing.Start? = try arguments.value("from")
        let pretendInstant = try arguments.value("pretend-now", as: OffsetInstant.self)?.instant

        let paths = DefaultPaths(environment: environment)
        func stateDirectoryPath() throws(UsageError) -> String {
            guard let path = stateDirectory ?? paths.stateDirectory else { throw arguments.error(tr("HOME is not set: pass --state-dir")) }
            return path
        }
        if let restore {
            self = .restore(file: restore, stateDirectory: try stateDirectoryPath())
            return
        }
        let configPath = try ConfigOption.path(arguments, environment: environment)
        if check {
            self = .check(configPath: configPath, json: json)
        } else if plan {
            self = .plan(configPath: configPath, from: start, days: days, json: json)
        } else {
            let stateDirectory = try stateDirectoryPath()
            guard let socketPath = socket ?? paths.socket else {
                throw arguments.error(tr("XDG_RUNTIME_DIR is not set: pass --socket PATH (medctl then needs MEDD_SOCKET or --socket)"))
            }
            self = .daemon(configPath: configPath, stateDirectory: stateDirectory, socketPath: socketPath, desktop: desktop,
                           pretendNow: pretendInstant)
        }
    }

    /// `--pretend-now TIME`: an ISO 8601 instant with its offset, so the clock it starts is never ambiguous.
    private struct OffsetInstant: ArgumentValue {
        let instant: Instant

        init?(argument: String) {
            guard let instant = Instant(iso8601: argument) else { return nil }
            self.instant = instant
        }

        // TRANSLATORS: completes "--pretend-now tomorrow: expected %3$s"; the example is typed as it is.
        static var expectation: String { tr("an ISO 8601 instant with an offset, such as 2026-11-22T07:59:55+01:00") }
    }
}
