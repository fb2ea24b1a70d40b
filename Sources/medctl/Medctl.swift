import ArgumentParser
import MeddCore

/// `medctl`: check and plan offline; answer, inspect and audit doses through the daemon.
@main
struct Medctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "medctl",
        abstract: "Check the medd configuration, plan doses, and answer reminders.",
        discussion: """
            Exit status: 0 success; 1 the daemon answered with an error, or `check` found errors; \
            2 usage error; 69 the daemon cannot be reached.
            """,
        version: MeddVersion.current,
        subcommands: [
            CheckCommand.self, PlanCommand.self, StatusCommand.self, DosesCommand.self, TodayCommand.self,
            TakenCommand.self, SnoozeCommand.self, SkipCommand.self, MedsCommand.self, AdherenceCommand.self,
            HistoryCommand.self, ExportCommand.self, WatchCommand.self, ReloadCommand.self,
        ]
    )

    /// Usage errors exit with 2, not ArgumentParser's default 64.
    static func main() {
        do {
            var command = try parseAsRoot(GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let error as ClientError {
            Output.error(error.message)
            exit(withError: ExitCode(error.exitStatus))
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Output.error(fullMessage(for: error))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
