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

    static var helpOption: OptionSpec { .flag("help", tr("Show this help (also -h).")) }
    static var versionOption: OptionSpec { .flag("version", tr("Show the version.")) }
    static var completionOption: OptionSpec {
        .value("generate-completion-script", "SHELL", tr("Print a completion script for bash, zsh or fish."),
               choices: CompletionScript.Shell.allCases.map(\.rawValue))
    }

    func verb(named name: String) -> (any Verb.Type)? {
        verbs.first { $0.name == name }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var globals = ParsedArguments(verb: nil)
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index].hasPrefix("-"), arguments[index] != "-" {
            let argument = arguments[index]
            if argument == "-h" || argument == "--help" { return .help(verb: nil) }
            if argument == "--version" { return .version }
            if argument == "--generate-completion-script" || argument.hasPrefix("--generate-completion-script=") {
                var given = ParsedArguments(verb: nil)
                try take(argument, at: &index, from: arguments, known: [Self.completionOption], into: &given)
                guard index == arguments.endIndex else { throw UsageError(tr("--generate-completion-script takes nothing after the shell")) }
                return .completionScript(try given.value(Self.completionOption.name)!)
            }
            try take(argument, at: &index, from: arguments, known: Self.globalOptions, into: &globals)
        }
        guard index < arguments.endIndex else { throw UsageError(tr("name a verb, such as `medctl status`")) }
        let name = arguments[index]
        index += 1
        if name == "help" {
            guard index < arguments.endIndex else { return .help(verb: nil) }
            guard let asked = verb(named: arguments[index]), index + 1 == arguments.endIndex else {
                // TRANSLATORS: %1$s is what followed `medctl help` on the command line.
                throw UsageError(tr("`medctl help` takes one verb; got %1$s", arguments[index...].joined(separator: " ")))
            }
            return .help(verb: asked)
        }
        guard let chosen = verb(named: name) else {
            // TRANSLATORS: %1$s is the word given; %2$s lists medctl's verbs (check, plan, status, …).
            throw UsageError(tr("unknown verb '%1$s'; the verbs are %2$s", name, verbs.map { $0.name }.joined(separator: ", ")))
        }
        var parsed = globals.rebound(to: name)
        let known = chosen.options + Self.globalOptions
        let operandSpec = chosen.operand
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Int(argument) != nil {
                // TRANSLATORS: %1$s is a verb (status), %2$s the word given after it.
                guard let operand = operandSpec else { throw parsed.error(tr("%1$s takes no argument '%2$s'", name, argument)) }
                if !operand.repeats, !parsed.operands.isEmpty {
                    // TRANSLATORS: %1$s is a verb (backup), %2$s what it takes (FILE), %3$s the extra word given.
                    throw parsed.error(tr("%1$s takes one %2$s; '%3$s' is one too many", name, operand.valueName, argument))
                }
                parsed.append(operand: argument)
                index += 1
            } else if argument == "--" {
                optionsEnded = true
                index += 1
            } else if argument == "-h" || argument == "--help" {
                return .help(verb: chosen)
            } else {
                try take(argument, at: &index, from: arguments, known: known, into: &parsed)
            }
        }
        return .run(chosen, parsed)
    }

    /// Whether a word after an option that takes a value is another option, as when a value was
    /// forgotten (`--note --json`); such a value is written `--note=--json`.
    private static func namesAnOption(_ word: String, known: [OptionSpec]) -> Bool {
        word == "-h" || word == "--help" || known.contains { word == "--" + $0.name || word.hasPrefix("--" + $0.name + "=") }
    }

    /// Reads the option at `index` (and its value) into `parsed`, moving past them.
    private func take(_ argument: String, at index: inout Int, from arguments: [String], known: [OptionSpec],
                      into parsed: inout ParsedArguments) throws(UsageError) {
        guard argument.hasPrefix("--") else {
            throw parsed.error(tr("unknown option '%1$s'; medctl's options are long ones, such as --json", argument))
        }
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = known.first(where: { $0.name == name }) else {
            let owner = parsed.verb ?? "medctl"
            // TRANSLATORS: %1$s is the option given (--jsn), %2$s medctl or a verb, %3$s the options it takes.
            throw parsed.error(tr("unknown option '%1$s'; %2$s takes %3$s", "--" + name, owner, known.map { "--" + $0.name }.joined(separator: ", ")))
        }
        index += 1
        if option.isFlag {
            guard attached == nil else { throw parsed.error(tr("%1$s takes no value", "--" + name)) }
            parsed.set(flag: option)
        } else if let attached {
            parsed.set(option, attached)
        } else {
            // TRANSLATORS: %1$s is an option (--at), %2$s the name of its value (WHEN).
            guard index < arguments.endIndex else { throw parsed.error(tr("%1$s needs a value (%2$s)", "--" + name, option.valueName!)) }
            let value = arguments[index]
            if Self.namesAnOption(value, known: known) {
                // TRANSLATORS: %1$s is an option (--note), %2$s the name of its value (TEXT), %3$s the option
                // that came instead (--json); `%1$s=%3$s` is how to write that text as the value.
                throw parsed.error(tr("%1$s needs a value (%2$s), not the option %3$s; write %1$s=%3$s to mean that text",
                                      "--" + name, option.valueName!, value))
            }
            parsed.set(option, value)
            index += 1
        }
    }
}
