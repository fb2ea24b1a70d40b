import MeddCore

/// Shell completion for medctl, written from the same verb and option tables the parser reads, so
/// it can never offer what medctl would refuse. The descriptions zsh and fish show are in the
/// language of whoever generates the script.
struct CompletionScript {
    enum Shell: String, CaseIterable, ArgumentValue {
        case bash, zsh, fish

        init?(argument: String) { self.init(rawValue: argument) }
        // TRANSLATORS: completes "--generate-completion-script ksh: expected %3$s"; the shells' names stay.
        static var expectation: String { tr("bash, zsh or fish") }
    }

    let verbs: [any Verb.Type]

    /// What may come before the verb.
    private var topOptions: [OptionSpec] {
        CommandLineParser.globalOptions
            + [CommandLineParser.versionOption, CommandLineParser.helpOption, CommandLineParser.completionOption]
    }

    func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    private func bash() -> String {
        func words(_ options: [OptionSpec]) -> String { options.map { "--" + $0.name }.joined(separator: " ") }
        func valueCases(_ options: [OptionSpec], indent: String) -> String {
            options.filter { !$0.isFlag }.map { option in
                let reply = option.takesDirectory ? "compgen -d -- \"$cur\"" : option.takesPath ? "compgen -f -- \"$cur\""
                    : option.choices.isEmpty ? "" : "compgen -W '\(option.choices.joined(separator: " "))' -- \"$cur\""
                return "\(indent)--\(option.name)) COMPREPLY=($(\(reply.isEmpty ? "true" : reply))); return ;;\n"
            }.joined()
        }
        let topValues = topOptions.filter { !$0.isFlag }.map { "--" + $0.name }.joined(separator: "|")
        var text = """
            # bash completion for medctl
            _medctl() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} verb="" i
                # bash splits --name=value into three words: --name, =, value.
                [[ $prev == = ]] && prev=${COMP_WORDS[COMP_CWORD-2]}
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        \(topValues)) [[ ${COMP_WORDS[i+1]} == = ]] && ((i++)); ((i++)) ;;
                        -*) ;;
                        *) verb=${COMP_WORDS[i]}; break ;;
                    esac
                done
                case $verb in

            """
        text += "        \"\")\n"
        text += "            case $prev in\n" + valueCases(topOptions, indent: "                ") + "            esac\n"
        text += "            COMPREPLY=($(compgen -W '\(verbs.map { $0.name }.joined(separator: " ")) help \(words(topOptions))' -- \"$cur\")) ;;\n"
        text += "        help)\n"
        text += "            [[ $prev == help ]] && COMPREPLY=($(compgen -W '\(verbs.map { $0.name }.joined(separator: " "))' -- \"$cur\")) ;;\n"
        for verb in verbs {
            let options = verb.options + CommandLineParser.globalOptions + [CommandLineParser.helpOption]
            text += "        \(verb.name))\n"
            text += "            case $prev in\n" + valueCases(options, indent: "                ") + "            esac\n"
            if verb.operand?.takesPath == true {
                text += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\")); else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;\n"
            } else {
                text += "            COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\")) ;;\n"
            }
        }
        text += """
                esac
            }
            complete -F _medctl medctl

            """
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
        var text = "#compdef medctl\n\n_medctl() {\n    local context state state_descr line\n    local -a verbs\n    verbs=(\n"
        for verb in verbs { text += "        '\(verb.name):\(zshEscaped(verb.abstract))'\n" }
        text += "        'help:\(zshEscaped(Self.helpVerbDescription))'\n    )\n"
        text += "    _arguments -C \\\n"
        for option in topOptions { text += "        \(spec(option)) \\\n" }
        text += "        '1: :->verb' '*:: :->arguments'\n"
        text += "    case $state in\n        verb) _describe -t verbs 'medctl verb' verbs ;;\n        arguments)\n            case $words[1] in\n"
        for verb in verbs {
            let options = verb.options + CommandLineParser.globalOptions + [CommandLineParser.helpOption]
            var arguments = options.map(spec)
            if let operand = verb.operand {
                arguments.append("'\(operand.repeats ? "*" : "1"):\(zshEscaped(operand.valueName)):\(operand.takesPath ? "_files" : " ")'")
            }
            text += "                \(verb.name)) _arguments \(arguments.joined(separator: " ")) ;;\n"
        }
        text += "                help) _describe -t verbs 'medctl verb' verbs ;;\n"
        text += "            esac ;;\n    esac\n}\n\n"
        // From fpath the file is the completion function's body; sourced, it registers the function.
        text += "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n    _medctl \"$@\"\nelse\n    compdef _medctl medctl\nfi\n"
        return text
    }

    private func fish() -> String {
        func line(_ option: OptionSpec, condition: String) -> String {
            var text = "complete -c 'medctl'\(condition) -l '\(option.name)'"
            if option.takesDirectory {
                text += " -r -f -a '(__fish_complete_directories)'"
            } else if !option.isFlag {
                text += option.takesPath ? " -r -F" : " -r -f"
            }
            if !option.choices.isEmpty { text += " -a '\(option.choices.joined(separator: " "))'" }
            return text + " -d \(fishQuoted(option.help))\n"
        }
        let noVerbYet = " -n 'not __fish_seen_subcommand_from \(verbs.map { $0.name }.joined(separator: " ")) help'"
        var text = "# fish completion for medctl\ncomplete -c 'medctl' -f\n"
        for option in topOptions {
            let beforeVerbOnly = !CommandLineParser.globalOptions.contains(option) && option != CommandLineParser.helpOption
            text += line(option, condition: beforeVerbOnly ? noVerbYet : "")
        }
        for verb in verbs {
            text += "complete -c 'medctl'\(noVerbYet) -a '\(verb.name)' -d \(fishQuoted(verb.abstract))\n"
        }
        text += "complete -c 'medctl'\(noVerbYet) -a 'help' -d \(fishQuoted(Self.helpVerbDescription))\n"
        text += "complete -c 'medctl' -n '__fish_seen_subcommand_from help' -a '\(verbs.map { $0.name }.joined(separator: " "))'\n"
        for verb in verbs {
            for option in verb.options { text += line(option, condition: " -n '__fish_seen_subcommand_from \(verb.name)'") }
            if verb.operand?.takesPath == true { text += "complete -c 'medctl' -n '__fish_seen_subcommand_from \(verb.name)' -F\n" }
        }
        return text
    }

    /// What `medctl help` is, beside the verbs.
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
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
