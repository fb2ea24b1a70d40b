import MeddCore

/// Shell completion for a program, written from the same verb and option tables its parser reads,
/// so it can never offer what the program would refuse. The descriptions zsh and fish show are in
/// the language of whoever generates the script.
public struct CompletionScript {
    public enum Shell: String, CaseIterable, ArgumentValue, Sendable {
        case bash, zsh, fish

        // TRANSLATORS: completes "--generate-completion-script ksh: expected %3$s"; the shells' names stay.
        public static var expectation: String { tr("bash, zsh or fish") }
    }

    private let program: String
    /// What may come before the verb; in a program without verbs, anywhere.
    private let options: [OptionSpec]
    /// What every verb takes besides its own options (`--help` too).
    private let globalOptions: [OptionSpec]
    private let verbs: [any VerbSyntax.Type]

    public init(program: String, options: [OptionSpec], globalOptions: [OptionSpec] = [], verbs: [any VerbSyntax.Type] = []) {
        self.program = program
        self.options = options
        self.globalOptions = globalOptions
        self.verbs = verbs
    }

    public func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The options a verb takes, as completion offers them.
    private func options(of verb: any VerbSyntax.Type) -> [OptionSpec] { verb.options + globalOptions + [.help] }

    /// The shell function that completes the program (`_medctl`).
    private var function: String { "_" + String(program.map { $0 == "-" ? "_" : $0 }) }

    private func bash() -> String {
        func words(_ options: [OptionSpec]) -> String { options.map(\.spelling).joined(separator: " ") }
        func valueCases(_ options: [OptionSpec], indent: String) -> String {
            options.filter { !$0.isFlag }.map { option in
                let reply = option.takesDirectory ? "compgen -d -- \"$cur\"" : option.takesPath ? "compgen -f -- \"$cur\""
                    : option.choices.isEmpty ? "" : "compgen -W '\(option.choices.joined(separator: " "))' -- \"$cur\""
                return "\(indent)--\(option.name)) COMPREPLY=($(\(reply.isEmpty ? "true" : reply))); return ;;\n"
            }.joined()
        }
        var text = "# bash completion for \(program)\n\(function)() {\n"
        text += "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\(verbs.isEmpty ? "" : " verb=\"\" i")\n"
        text += """
                # bash splits --name=value into three words: --name, =, value.
                [[ $prev == = ]] && prev=${COMP_WORDS[COMP_CWORD-2]}

            """
        if verbs.isEmpty {
            text += "    case $prev in\n" + valueCases(options, indent: "        ") + "    esac\n"
            text += "    COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\"))\n"
        } else {
            let optionsWithValues = options.filter { !$0.isFlag }.map(\.spelling).joined(separator: "|")
            text += """
                    for ((i = 1; i < COMP_CWORD; i++)); do
                        case ${COMP_WORDS[i]} in
                            \(optionsWithValues)) [[ ${COMP_WORDS[i+1]} == = ]] && ((i++)); ((i++)) ;;
                            -*) ;;
                            *) verb=${COMP_WORDS[i]}; break ;;
                        esac
                    done
                    case $verb in

                """
            text += "        \"\")\n"
            text += "            case $prev in\n" + valueCases(options, indent: "                ") + "            esac\n"
            text += "            COMPREPLY=($(compgen -W '\(verbNames) help \(words(options))' -- \"$cur\")) ;;\n"
            text += "        help)\n"
            text += "            [[ $prev == help ]] && COMPREPLY=($(compgen -W '\(verbNames)' -- \"$cur\")) ;;\n"
            for verb in verbs {
                let options = options(of: verb)
                text += "        \(verb.name))\n"
                text += "            case $prev in\n" + valueCases(options, indent: "                ") + "            esac\n"
                if verb.operand?.takesPath == true {
                    text += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\")); else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;\n"
                } else if let candidates = verb.operand?.candidatesVerb {
                    text += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\")); "
                        + "else COMPREPLY=($(compgen -W \"$(\(program) \(candidates) 2>/dev/null)\" -- \"$cur\")); fi ;;\n"
                } else {
                    text += "            COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\")) ;;\n"
                }
            }
            text += "    esac\n"
        }
        text += "}\ncomplete -F \(function) \(program)\n"
        return text
    }

    private func zsh() -> String {
        func spec(_ option: OptionSpec) -> String {
            let help = zshEscaped(option.help)
            guard let valueName = option.valueName else { return "'--\(option.name)[\(help)]'" }
            let action = option.takesDirectory ? "_files -/" : option.takesPath ? "_files"
                : option.choices.isEmpty ? " " : "(\(option.choices.joined(separator: " ")))"
            return "'\(option.repeats ? "*" : "")--\(option.name)=[\(help)]:\(zshEscaped(valueName)):\(action)'"
        }
        var text = "#compdef \(program)\n\n\(function)() {\n"
        if verbs.isEmpty {
            text += "    _arguments" + options.map { " \\\n        " + spec($0) }.joined() + "\n"
        } else {
            text += "    local context state state_descr line\n    local -a verbs\n    verbs=(\n"
            for verb in verbs { text += "        '\(verb.name):\(zshEscaped(verb.abstract))'\n" }
            text += "        'help:\(zshEscaped(Self.helpVerbDescription))'\n    )\n"
            text += "    _arguments -C \\\n"
            for option in options { text += "        \(spec(option)) \\\n" }
            text += "        '1: :->verb' '*:: :->arguments'\n"
            text += "    case $state in\n        verb) _describe -t verbs '\(program) verb' verbs ;;\n        arguments)\n            case $words[1] in\n"
            for verb in verbs {
                var arguments = options(of: verb).map(spec)
                if let operand = verb.operand {
                    let action = operand.takesPath ? "_files"
                        : operand.candidatesVerb.map { "{compadd -- ${(f)\"$(\(program) \($0) 2>/dev/null)\"}}" } ?? " "
                    arguments.append("'\(operand.repeats ? "*" : "1"):\(zshEscaped(operand.valueName)):\(action)'")
                }
                text += "                \(verb.name)) _arguments \(arguments.joined(separator: " ")) ;;\n"
            }
            text += "                help) _describe -t verbs '\(program) verb' verbs ;;\n"
            text += "            esac ;;\n    esac\n"
        }
        text += "}\n\n"
        // From fpath the file is the completion function's body; sourced, it registers the function.
        text += "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n    \(function) \"$@\"\nelse\n    compdef \(function) \(program)\nfi\n"
        return text
    }

    private func fish() -> String {
        func line(_ option: OptionSpec, condition: String) -> String {
            var text = "complete -c '\(program)'\(condition) -l '\(option.name)'"
            if option.takesDirectory {
                text += " -r -f -a '(__fish_complete_directories)'"
            } else if !option.isFlag {
                text += option.takesPath ? " -r -F" : " -r -f"
            }
            if !option.choices.isEmpty { text += " -a '\(option.choices.joined(separator: " "))'" }
            return text + " -d \(fishQuoted(option.help))\n"
        }
        var text = "# fish completion for \(program)\ncomplete -c '\(program)' -f\n"
        guard !verbs.isEmpty else { return text + options.map { line($0, condition: "") }.joined() }
        let noVerbYet = " -n 'not __fish_seen_subcommand_from \(verbNames) help'"
        for option in options {
            let beforeVerbOnly = !globalOptions.contains(option) && option != .help
            text += line(option, condition: beforeVerbOnly ? noVerbYet : "")
        }
        for verb in verbs {
            text += "complete -c '\(program)'\(noVerbYet) -a '\(verb.name)' -d \(fishQuoted(verb.abstract))\n"
        }
        text += "complete -c '\(program)'\(noVerbYet) -a 'help' -d \(fishQuoted(Self.helpVerbDescription))\n"
        text += "complete -c '\(program)' -n '__fish_seen_subcommand_from help' -a '\(verbNames)'\n"
        for verb in verbs {
            for option in verb.options { text += line(option, condition: " -n '__fish_seen_subcommand_from \(verb.name)'") }
            if verb.operand?.takesPath == true { text += "complete -c '\(program)' -n '__fish_seen_subcommand_from \(verb.name)' -F\n" }
            if let candidates = verb.operand?.candidatesVerb {
                text += "complete -c '\(program)' -n '__fish_seen_subcommand_from \(verb.name)' -a '(\(program) \(candidates) 2>/dev/null)'\n"
            }
        }
        return text
    }

    private var verbNames: String { verbs.map { $0.name }.joined(separator: " ") }

    /// What `PROGRAM help` is, beside the verbs.
    private static var helpVerbDescription: String { tr("Show the help of a verb.") }

    /// Text inside a zsh `_arguments` spec in single quotes: no quote, bracket or colon of its own.
    private func zshEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "'": result += "'\\''"
            case "[", "]", ":", "\\": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    private func fishQuoted(_ text: String) -> String {
        "'" + text.replacingText("\\", with: "\\\\").replacingText("'", with: "\\'") + "'"
    }
}
