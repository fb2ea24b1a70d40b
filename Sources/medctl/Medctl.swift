import MeddCommandLine
import MeddCore
import MeddSystem
import Systemd

/// `medctl`: check and plan offline; answer, inspect and audit doses through the daemon.
@main
enum Medctl {
    static var abstract: String { tr("Check the medd configuration, plan doses, and answer reminders.") }
    static var exitStatusText: String {
        tr("""
            Exit status: 0 success; 1 the daemon answered with an error, or `check` found errors; \
            2 usage error; 69 the daemon cannot be reached.
            """)
    }

    static let verbs: [any Verb.Type] = [
        CheckCommand.self, PlanCommand.self, StatusCommand.self, DosesCommand.self, TodayCommand.self,
        TakenCommand.self, SnoozeCommand.self, SkipCommand.self, MeasureCommand.self, MeasurementsCommand.self, ImportCommand.self, MedsCommand.self,
        RefillCommand.self, EditCommand.self, AddCommand.self, PauseCommand.self, ResumeCommand.self, RemoveCommand.self, IDsCommand.self,
        AdherenceCommand.self, EffectCommand.self, CarersCommand.self,
        HistoryCommand.self, ExportCommand.self, ReportCommand.self, WatchCommand.self, ReloadCommand.self, BackupCommand.self,
    ]

    static let parser = CommandLineParser(verbs: verbs)

    static func main() {
        PeopleLanguage.setUp()
        CurrentProcess.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Carries out one command line; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            switch try parser.parse(arguments) {
            case .help(let verb):
                print(verb.map(HelpText.verb) ?? HelpText.root(verbs: verbs), terminator: "")
            case .version:
                print(MeddVersion.current)
            case .completionScript(let shell):
                print(CompletionScript(verbs: verbs).text(for: shell), terminator: "")
            case .run(let verb, let arguments):
                let global = GlobalOptions(arguments)
                // "Now" and "today" follow the daemon this run talks to (see `LocalTimeText.now`).
                LocalTimeText.followDaemon { try? global.socketPath() }
                try verb.init(arguments, global: global).run()
            }
            return 0
        } catch let error as UsageError {
            Output.error(error.report(program: "medctl"))
            return 2
        } catch let error as ClientError {
            Output.error(error.message)
            return error.exitStatus
        } catch let status as ExitStatus {
            return status.code
        } catch {
            Output.error("medctl: \(error)")
            return 1
        }
    }
}

extension CompletionScript {
    /// medctl's completion: the global options, the requests and the verbs.
    init(verbs: [any Verb.Type]) {
        self.init(program: "medctl", options: CommandLineParser.globalOptions + [.version, .help, .completionScript],
                  globalOptions: CommandLineParser.globalOptions, verbs: verbs)
    }
}
