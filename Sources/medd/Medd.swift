import Logging
import MeddCommandLine
import MeddCore
import MeddDaemon
import MeddSystem
import Systemd

/// `medd`: the medication-reminder daemon. Runs in the foreground under systemd (`Type=notify`).
@main
enum Medd {
    /// sysexits.h's `EX_USAGE`: the command line cannot be acted on.
    static let usageStatus: Int32 = 64

    static var abstract: String { tr("Medication-reminder daemon: fires doses to the journal and answers over Varlink.") }

    static var help: String {
        HelpText.program(abstract: abstract, synopses: [
            "medd [--config PATH] [--state-dir DIR] [--socket PATH] [--no-desktop] [--pretend-now TIME]",
            "medd --check [--config PATH] [--json]",
            "medd --plan [--config PATH] [--from WHEN] [--days N] [--json]",
            "medd --restore FILE [--state-dir DIR]",
            "medd --version | --help",
        ], options: Invocation.options + [.version, .help], discussion: tr("""
            Runs in the foreground; start it with `systemctl --user enable --now medd.socket`. Exit status: 0 stopped, \
            or done; 1 --check or --plan found errors in the configuration, or medd could not start; 64 usage error; \
            65, 66, 74 or 75 --restore refused (medd(8) says why); 78 the configuration has errors.
            """))
    }

    static var completionScript: CompletionScript {
        CompletionScript(program: "medd", options: Invocation.options + [.version, .help, .completionScript])
    }

    static func main() {
        PeopleLanguage.setUp()
        CurrentProcess.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Carries out one command line; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            // Before the loop's signals are blocked: Ctrl-C must stop a check reading a slow file.
            switch try Invocation(arguments) {
            case .request(.help):
                print(help, terminator: "")
            case .request(.version):
                print(MeddVersion.current)
            case .request(.completionScript(let shell)):
                print(completionScript.text(for: shell), terminator: "")
            case .check(let configPath, let json):
                return ConfigCheck.run(path: configPath, json: json)
            case .plan(let configPath, let from, let days, let json):
                return PlanListing.run(path: configPath, from: from, days: days, json: json)
            case .restore(let file, let stateDirectory):
                return RestoreLedger.run(file: file, stateDirectory: stateDirectory)
            case .daemon(let configPath, let stateDirectory, let socketPath, let desktop, let pretendNow):
                return try runDaemon(configPath: configPath, stateDirectory: stateDirectory, socketPath: socketPath,
                                     desktop: desktop, pretendNow: pretendNow)
            }
            return 0
        } catch {
            StandardErrorDestination.write(error.report(program: "medd"))
            return usageStatus
        }
    }

    /// Runs the daemon until it stops; returns its exit status.
    private static func runDaemon(configPath: String, stateDirectory: String, socketPath: String, desktop: Bool,
                                  pretendNow: Instant?) throws(UsageError) -> Int32 {
        do {
            try EventLoop.blockLoopSignals()
        } catch {
            StandardErrorDestination.write("medd: cannot block signals: \(error)")
            return DaemonStartError.otherExitStatus
        }
        // Absolute, so the socket's directory (where medd also keeps its notification ids) is never "".
        let absoluteSocket: String
        do {
            absoluteSocket = try FileSystem.absolute(socketPath)
        } catch {
            // TRANSLATORS: %1$s is the path given, %2$s why the working directory is unknown (from the system).
            throw UsageError(tr("--socket %1$s is relative and the working directory is unknown (%2$s): pass an absolute path",
                                socketPath, error.description))
        }
        let destination = StandardErrorDestination.current()
        LoggingSystem.bootstrap { DaemonLog.handler(label: $0, destination: destination) }
        let options = DaemonOptions(configPath: configPath, stateDirectory: stateDirectory, socketPath: absoluteSocket,
                                    desktop: desktop, pretendNow: pretendNow, echoEvents: destination == .terminal,
                                    backupPagesPerStep: backupPagesPerStep())
        do {
            return try Daemon(options: options, log: Logger(label: "medd")).run()
        } catch {
            StandardErrorDestination.write(error.description)
            return error.exitStatus
        }
    }

    /// `MEDD_BACKUP_PAGES_PER_STEP`, for tests that stretch a backup over many loop turns.
    private static func backupPagesPerStep() -> Int {
        ProcessEnvironment.variables["MEDD_BACKUP_PAGES_PER_STEP"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? DaemonOptions.defaultBackupPagesPerStep
    }
}
