import MeddCommandLine
import MeddCore

/// Reads medctl's arguments: `medctl [--socket PATH] [--json] VERB [OPTION …] [OPERAND …]`. The
/// global options may also follow the verb; `--name=value` and `--name value` both work; `--` ends
/// the options.
struct CommandLineParser: Sendable {
    /// What the command line asks for.
    enum Request {
        case run(any Verb.Type, ParsedArguments)
        case help(verb: (any Verb.Type)?)
        case version
        case completionScript(CompletionScript.Shell)
    }

    let verbs: [any Verb.Type]

    static var globalOptions: [OptionSpec] {
        [
            .value("socket", "PATH", tr("The daemon's control socket (default: $MEDD_SOCKET, else $XDG_RUNTIME_DIR/medd/control.sock)."),
                   takesPath: true),
            .flag("json", tr("Print machine-readable JSON instead of a table.")),
        ]
    }

    func verb(named name: String) -> (any Verb.Type)? {
        verbs.first { $0.name == name }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var reader = ArgumentReader(arguments, program: "medctl")
        var globals = ParsedArguments()
        while let argument = reader.current, argument.hasPrefix("-"), argument != "-" {
            switch try reader.readRequest(in: .program) {
            case .help?: return .help(verb: nil)
            case .version?: return .version
            case .completionScript(let shell)?: return .completionScript(shell)
            case nil: try reader.readOption(known: Self.globalOptions, into: &globals)
            }
        }
        guard let name = reader.next() else { throw UsageError(tr("name a verb, such as `medctl status`")) }
        if name == "help" {
            guard let asked = reader.current else { return .help(verb: nil) }
            guard let verb = verb(named: asked), reader.rest.count == 1 else {
                // TRANSLATORS: %1$s is what followed `medctl help` on the command line.
                throw UsageError(tr("`medctl help` takes one verb; got %1$s", reader.rest.joined(separator: " ")))
            }
            return .help(verb: verb)
        }
        guard let chosen = verb(named: name) else {
            // TRANSLATORS: %1$s is the word given; %2$s lists medctl's verbs (check, plan, status, …).
            throw UsageError(tr("unknown verb '%1$s'; the verbs are %2$s", name, verbs.map { $0.name }.joined(separator: ", ")))
        }
        var parsed = globals.rebound(to: name)
        // After a verb, the one request there is is its help.
        if try reader.readToEnd(known: chosen.options + Self.globalOptions, operand: chosen.operand, into: &parsed,
                                requests: .verb) != nil {
            return .help(verb: chosen)
        }
        return .run(chosen, parsed)
    }
}
