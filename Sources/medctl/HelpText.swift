/// `medctl --help` and `medctl VERB --help`, wrapped for an 80-column terminal.
enum HelpText {
    static let width = 80
    /// Where option and verb descriptions start.
    static let column = 26

    static func root(verbs: [any Verb.Type]) -> String {
        var text = wrapped("OVERVIEW: \(Medctl.abstract)", indent: 2) + "\n"
        text += "USAGE: medctl [--socket PATH] [--json] VERB [OPTIONS] [ARGUMENTS]\n\n"
        text += "OPTIONS:\n"
        for option in CommandLineParser.globalOptions + [CommandLineParser.versionOption, CommandLineParser.helpOption] {
            text += entry(option.synopsis, option.help)
        }
        text += "\nVERBS:\n"
        for verb in verbs {
            text += entry(verb.name, verb.abstract)
        }
        text += "\n" + wrapped("`medctl help VERB` or `medctl VERB --help` shows a verb's options. " + Medctl.exitStatusText) + "\n"
        return text
    }

    static func verb(_ verb: any Verb.Type) -> String {
        var usage = "medctl \(verb.name)"
        for option in verb.options {
            let synopsis = option.synopsis + (option.repeats ? " …" : "")
            usage += option.isRequired ? " \(synopsis)" : " [\(synopsis)]"
        }
        if let operand = verb.operand {
            usage += operand.repeats ? " \(operand.valueName) …" : operand.isRequired ? " \(operand.valueName)" : " [\(operand.valueName)]"
        }
        var text = wrapped("OVERVIEW: \(verb.abstract)", indent: 2) + "\n"
        text += wrapped("USAGE: " + usage, indent: 2) + "\n"
        if let operand = verb.operand {
            text += "ARGUMENTS:\n" + entry(operand.valueName, operand.help)
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in verb.options + CommandLineParser.globalOptions + [CommandLineParser.helpOption] {
            text += entry(option.synopsis, option.help)
        }
        if !verb.discussion.isEmpty {
            text += "\n" + verb.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "\n" : wrapped(String($0)) }.joined()
        }
        return text
    }

    /// `  NAME   description`, the description wrapped at `column`.
    private static func entry(_ name: String, _ description: String) -> String {
        let label = "  " + name
        let lines = wrap(description, width: width - column)
        var text = label.count + 2 <= column
            ? label + String(repeating: " ", count: column - label.count) + (lines.first ?? "") + "\n"
            : label + "\n" + String(repeating: " ", count: column) + (lines.first ?? "") + "\n"
        for line in lines.dropFirst() { text += String(repeating: " ", count: column) + line + "\n" }
        return text
    }

    /// A paragraph wrapped at `width`, each line after the first indented by `indent`.
    private static func wrapped(_ paragraph: String, indent: Int = 0) -> String {
        let lines = wrap(paragraph, width: width - indent)
        return lines.enumerated().map { index, line in (index == 0 ? "" : String(repeating: " ", count: indent)) + line + "\n" }.joined()
    }

    /// Words filled into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        // Empty words keep a run of spaces inside a line (`08:00:01  fired`).
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
