import ArgumentParser
import Logging
import MeddConfig
import MeddCore
import MeddDaemon
import MeddSystem
import Systemd

/// `medd`: the medication-reminder daemon. Runs in the foreground under systemd (`Type=notify`).
@main
struct Medd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "medd",
        abstract: "Medication-reminder daemon: fires doses to the journal and answers over Varlink.",
        discussion: "Runs in the foreground; start it with `systemctl --user enable --now medd.socket`.",
        version: MeddVersion.current
    )

    @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/medd/medd.toml).")
    var config: String?

    @Option(help: "Directory of the ledger (default: $XDG_STATE_HOME/medd).")
    var stateDir: String?

    @Option(help: "Control socket (default: $XDG_RUNTIME_DIR/medd/control.sock).")
    var socket: String?

    @Flag(help: "Do not show desktop notifications.")
    var noDesktop = false

    @Option(help: ArgumentHelp("Start the clock at this ISO 8601 instant and run at real speed from there (demos, tests).",
                               valueName: "TIME"))
    var pretendNow: String?

    @Flag(help: "Validate the configuration, print the result and exit: 0 when it is valid, 1 when not.")
    var check = false

    @Flag(help: "Print the doses the configuration yields and exit, without starting the daemon.")
    var plan = false

    @Option(help: ArgumentHelp("With --plan: where the plan starts, a date (local midnight) or an ISO 8601 instant (default: now).",
                               valueName: "WHEN"))
    var from: String?

    @Option(help: ArgumentHelp("With --plan: how many days, \(Planner.dayCounts.lowerBound) to \(Planner.dayCounts.upperBound) (default: the configuration's horizon_days).",
                               valueName: "N"))
    var days: Int?

    @Flag(help: "With --check or --plan: print JSON.")
    var json = false

    @Option(help: ArgumentHelp("Check FILE (a ledger backup, `medctl backup`) and make it the ledger of the state directory, keeping the one it replaces; medd must not be running there. Starts nothing.",
                               valueName: "FILE"))
    var restore: String?

    func validate() throws {
        if let restore {
            guard !restore.isEmpty else { throw ValidationError("--restore needs a FILE") }
            if check || plan || json || from != nil || days != nil || config != nil || socket != nil || noDesktop || pretendNow != nil {
                throw ValidationError("--restore takes no option but --state-dir: it replaces the ledger of a stopped medd and starts nothing")
            }
        }
        if check && plan { throw ValidationError("--check and --plan cannot be combined") }
        if !plan, from != nil || days != nil { throw ValidationError("--from and --days go with --plan") }
        if !check && !plan && json { throw ValidationError("--json goes with --check or --plan") }
        if check || plan, stateDir != nil || socket != nil || noDesktop || pretendNow != nil {
            throw ValidationError("--check and --plan read only the configuration: --state-dir, --socket, --no-desktop and --pretend-now are the daemon's")
        }
        if let days, !Planner.dayCounts.contains(days) {
            throw ValidationError("--days must be from \(Planner.dayCounts.lowerBound) to \(Planner.dayCounts.upperBound); got \(days)")
        }
        if let from, PlanListing.Start(from) == nil {
            throw ValidationError("--from \(from): expected a date (YYYY-MM-DD) or an ISO 8601 instant such as 2027-03-10T00:00:00Z")
        }
        if let pretendNow, Instant(iso8601: pretendNow) == nil {
            throw ValidationError("--pretend-now \(pretendNow): expected an ISO 8601 instant with an offset, such as 2026-11-22T07:59:55+01:00")
        }
    }

    /// `MEDD_BACKUP_PAGES_PER_STEP`, for tests that stretch a backup over many loop turns.
    private static func backupPagesPerStep() -> Int {
        ProcessEnvironment.variables["MEDD_BACKUP_PAGES_PER_STEP"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? DaemonOptions.defaultBackupPagesPerStep
    }

    func run() throws {
        PeopleLanguage.setUp()
        let paths = DefaultPaths(environment: ProcessEnvironment.variables)
        // Before the loop's signals are blocked: Ctrl-C must stop a check reading a slow file.
        if check || plan {
            guard let configPath = config ?? paths.config else {
                throw ValidationError("neither XDG_CONFIG_HOME nor HOME is set: pass --config PATH")
            }
            let status = check ? ConfigCheck.run(path: configPath, json: json)
                : PlanListing.run(path: configPath, from: from.flatMap(PlanListing.Start.init), days: days, json: json)
            if status != 0 { throw ExitCode(status) }
            return
        }
        if let restore {
            guard let stateDirectory = stateDir ?? paths.stateDirectory else {
                throw ValidationError("HOME is not set: pass --state-dir")
            }
            let status = RestoreLedger.run(file: restore, stateDirectory: stateDirectory)
            if status != 0 { throw ExitCode(status) }
            return
        }
        do {
            try EventLoop.blockLoopSignals()
        } catch {
            throw ValidationError("cannot block signals: \(error)")
        }
        guard let configPath = config ?? paths.config, let stateDirectory = stateDir ?? paths.stateDirectory else {
            throw ValidationError("HOME is not set: pass --config and --state-dir")
        }
        guard let socketPath = socket ?? paths.socket else {
            throw ValidationError("XDG_RUNTIME_DIR is not set: pass --socket PATH (medctl then needs MEDD_SOCKET or --socket)")
        }
        let destination = StandardErrorDestination.current()
        LoggingSystem.bootstrap { DaemonLog.handler(label: $0, destination: destination) }
        // Absolute, so the socket's directory (where medd also keeps its notification ids) is never "".
        var absoluteSocket = socketPath
        if !socketPath.hasPrefix("/") {
            do {
                absoluteSocket = try FileSystem.currentDirectory() + "/" + socketPath
            } catch {
                throw ValidationError("--socket \(socketPath) is relative and the working directory is unknown (\(error)): pass an absolute path")
            }
        }
        let options = DaemonOptions(configPath: configPath, stateDirectory: stateDirectory, socketPath: absoluteSocket,
                                    desktop: !noDesktop, pretendNow: pretendNow.flatMap(Instant.init(iso8601:)),
                                    echoEvents: destination == .terminal, backupPagesPerStep: Self.backupPagesPerStep())
        let status: Int32
        do {
            status = try Daemon(options: options, log: Logger(label: "medd")).run()
        } catch {
            StandardErrorDestination.write(error.description)
            throw ExitCode(error.exitStatus)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
