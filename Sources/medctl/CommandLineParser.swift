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

    static let globalOptions: [OptionSpec] = [
        .value("socket", "PATH", "The daemon's control socket (default: $MEDD_SOCKET, else $XDG_RUNTIME_DIR/medd/control.sock).",
               takesPath: true),
        .flag("json", "Print machine-readable JSON instead of a table."),
    ]

    static let helpOption = OptionSpec.flag("help", "Show this help (also -h).")
    static let versionOption = OptionSpec.flag("version", "Show the version.")
    static let completionOption = OptionSpec.value("generate-completion-script", "SHELL",
                                                   "Print a completion script for bash, zsh or fish.",
                                                   choices: CompletionScript.Shell.allCases.map(\.rawValue))

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
                guard index == arguments.endIndex else { throw UsageError("--generate-completion-script takes nothing after the shell") }
                return .completionScript(try given.value(Self.completionOption.name)!)
            }
            try take(argument, at: &index, from: arguments, known: Self.globalOptions, into: &globals)
        }
        guard index < arguments.endIndex else { throw UsageError("name a verb, such as `medctl status`") }
        let name = arguments[index]
        index += 1
        if name == "help" {
            guard index < arguments.endIndex else { return .help(verb: nil) }
            guard let asked = verb(named: arguments[index]), index + 1 == arguments.endIndex else {
                throw UsageError("`medctl help` takes one verb; got \(arguments[index...].joined(separator: " "))")
            }
            return .help(verb: asked)
        }
        guard let chosen = verb(named: name) else {
            throw UsageError("unknown verb '\(name)'; the verbs are \(verbs.map { $0.name }.joined(separator: ", "))")
        }
        var parsed = globals.rebound(to: name)
        let known = chosen.options + Self.globalOptions
        let operandSpec = chosen.operand
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Int(argument) != nil {
                guard let operand = operandSpec else { throw parsed.error("\(name) takes no argument '\(argument)'") }
                if !operand.repeats, !parsed.operands.isEmpty {
                    throw parsed.error("\(name) takes one \(operand.valueName); '\(argument)' is one too many")
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
            throw parsed.error("unknown option '\(argument)'; medctl's options are long ones, such as --json")
        }
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = known.first(where: { $0.name == name }) else {
            let owner = parsed.verb ?? "medctl"
            throw parsed.error("unknown option '--\(name)'; \(owner) takes \(known.map { "--" + $0.name }.joined(separator: ", "))")
        }
        index += 1
        if option.isFlag {
            guard attached == nil else { throw parsed.error("--\(name) takes no value") }
            parsed.set(flag: option)
        } else if let attached {
            parsed.set(option, attached)
        } else {
            guard index < arguments.endIndex else { throw parsed.error("--\(name) needs a value (\(option.valueName!))") }
            let value = arguments[index]
            if Self.namesAnOption(value, known: known) {
                throw parsed.error("--\(name) needs a value (\(option.valueName!)), not the option \(value); write --\(name)=\(value) to mean that text")
            }
            parsed.set(option, value)
            index += 1
        }
    }
}
