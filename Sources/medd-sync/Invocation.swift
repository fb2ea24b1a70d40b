import MeddCommandLine
import MeddCore
import MeddSystem
import Systemd

/// What one run of medd-sync is asked to do, read from its command line as medd and medctl read theirs
/// (`ArgumentReader`): follow medd, send test messages to carers (`--test-carers`), or answer a
/// `ProgramRequest`. Reading settles every default path the mode needs, so a usage error is said before
/// anything starts, in the person's language.
enum Invocation: Equatable {
    /// Follow medd at `socketPath`. `stateDirectory` is nil when neither --state-dir nor a default is known
    /// (needed only with carers).
    case follow(configPath: String, socketPath: String, stateDirectory: String?)
    /// Send a test message to these carers (every carer when empty), print what became of each, exit.
    case testCarers(ids: [String], configPath: String, stateDirectory: String?)
    case request(ProgramRequest)

    static let program = "medd-sync"

    static var options: [OptionSpec] {
        [
            ConfigOption.option,
            // TRANSLATORS: the variables and the path stay as they are.
            .value("socket", "PATH", tr("medd's control socket (default: $MEDD_SOCKET, else $XDG_RUNTIME_DIR/medd/control.sock)."),
                   takesPath: true),
            // TRANSLATORS: the variables and the path stay as they are.
            .value("state-dir", "DIR", tr("""
                Where the carers' messages are kept until sent (default: $STATE_DIRECTORY, else \
                $XDG_STATE_HOME/medd-sync).
                """), takesDirectory: true),
            .flag("test-carers", tr("""
                Send a test message on every channel of the carers named (every carer without an ID), print what \
                became of each and exit: 0 when all were sent, 1 when one failed.
                """)),
        ]
    }

    /// The carers `--test-carers` names.
    // TRANSLATORS: the help of medd-sync's operand ID; [carer.ID] is a table of the configuration, never translated.
    static var operand: OperandSpec { OperandSpec(valueName: "ID", help: tr("With --test-carers: a carer, as [carer.ID] names it."), repeats: true) }

    init(_ arguments: [String], environment: [String: String] = ProcessEnvironment.variables) throws(UsageError) {
        var reader = ArgumentReader(arguments, program: Self.program)
        var parsed = ParsedArguments()
        if let request = try reader.readToEnd(known: Self.options, operand: Self.operand, into: &parsed, requests: .program) {
            self = .request(request)
            return
        }
        for option in Self.options {
            guard let valueName = option.valueName, parsed.string(option.name)?.isEmpty == true else { continue }
            throw parsed.error(tr("%1$s needs a value (%2$s)", option.spelling, valueName))
        }
        let testing = parsed.flag("test-carers")
        if !testing, let extra = parsed.operands.first {
            throw parsed.error(tr("%1$s takes no argument '%2$s'", Self.program, extra))
        }
        let configPath = try ConfigOption.path(parsed, environment: environment)
        let paths = DefaultPaths(environment: environment)
        let stateDirectory = parsed.string("state-dir") ?? paths.syncStateDirectory
        if testing {
            // They talk to no medd.
            self = .testCarers(ids: parsed.operands, configPath: configPath, stateDirectory: stateDirectory)
            return
        }
        guard let socketPath = parsed.string("socket") ?? environment["MEDD_SOCKET"].flatMap({ $0.isEmpty ? nil : $0 }) ?? paths.socket else {
            // TRANSLATORS: the variable and the option stay as they are.
            throw parsed.error(tr("XDG_RUNTIME_DIR is not set: pass --socket PATH"))
        }
        self = .follow(configPath: configPath, socketPath: socketPath, stateDirectory: stateDirectory)
    }

    static var abstract: String {
        tr("medd's network side: keeps medd's doses in a CalDAV collection and tells carers of doses still open or missed.")
    }

    static var help: String {
        HelpText.program(abstract: abstract, synopses: [
            "medd-sync [--config PATH] [--socket PATH] [--state-dir DIR]",
            "medd-sync --test-carers [ID …] [--config PATH] [--state-dir DIR]",
            "medd-sync --version | --help",
        ], operand: operand, options: options + [.version, .help],
        // TRANSLATORS: the tables ([sync], [carer.ID], [mail]), ntfy and the command stay as they are.
        discussion: tr("""
            Keeps the doses of medd in the CalDAV collection that [sync] in the configuration names, and records in medd \
            the answers given on a phone or another machine; tells each [carer.ID] of a dose still open or missed, by \
            mail ([mail]), ntfy or a command. Runs in the foreground; start it with \
            `systemctl --user enable --now medd-sync.service`. Exit status: 0 stopped (with --test-carers: every message \
            sent); 1 --test-carers: a message failed; 64 usage error; 71 the event loop cannot be set up; 73 the carers' \
            messages cannot be kept; 78 the configuration has errors, or nothing to do, or a password_file or token_file \
            cannot be read.
            """))
    }

    static var completionScript: CompletionScript {
        CompletionScript(program: program, options: options + [.version, .help, .completionScript])
    }
}
