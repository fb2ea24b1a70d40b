import MeddCore
import MeddTerminal

/// `medctl --help` and `medctl VERB --help`, wrapped for an 80-column terminal, in the person's
/// language; option names, value names and examples stay as medctl reads them.
enum HelpText {
    static let width = 80
    /// Where option and verb descriptions start.
    static let column = 26

    static func root(verbs: [any Verb.Type]) -> String {
        var text = wrapped(overview(Medctl.abstract), indent: 2) + "\n"
        text += usage("medctl [--socket PATH] [--json] VERB [OPTIONS] [ARGUMENTS]") + "\n\n"
        text += optionsHeading + "\n"
        for option in CommandLineParser.globalOptions + [CommandLineParser.versionOption, CommandLineParser.helpOption] {
            text += entry(option.synopsis, option.help)
        }
        // TRANSLATORS: a heading of `medctl --help`, above the list of verbs (status, taken, …).
        text += "\n" + tr("VERBS:") + "\n"
        for verb in verbs {
            text += entry(verb.name, verb.abstract)
        }
        text += "\n" + wrapped(tr("`medctl help VERB` or `medctl VERB --help` shows a verb's options.") + " " + Medctl.exitStatusText) + "\n"
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
        var text = wrapped(overview(verb.abstract), indent: 2) + "\n"
        text += wrapped(Self.usage(usage), indent: 2) + "\n"
        if let operand = verb.operand {
            // TRANSLATORS: a heading of `medctl VERB --help`, above what follows the options (DOSE-OR-MED, FILE).
            text += tr("ARGUMENTS:") + "\n" + entry(operand.valueName, operand.help)
            text += "\n"
        }
        text += optionsHeading + "\n"
        for option in verb.options + CommandLineParser.globalOptions + [CommandLineParser.helpOption] {
            text += entry(option.synopsis, option.help)
        }
        if !verb.discussion.isEmpty {
            text += "\n" + verb.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "\n" : wrapped(String($0)) }.joined()
        }
        return text
    }

    // TRANSLATORS: the first line of `medctl --help`; %1$s is what medctl (or the verb) does.
    private static func overview(_ abstract: String) -> String { tr("OVERVIEW: %1$s", abstract) }

    // TRANSLATORS: how to call medctl; %1$s is the command line, which stays as it is
    // (`medctl taken [--at WHEN] DOSE-OR-MED …`).
    private static func usage(_ synopsis: String) -> String { tr("USAGE: %1$s", synopsis) }

    // TRANSLATORS: a heading of `medctl --help`, above the list of options (--json, --socket PATH, …).
    private static var optionsHeading: String { tr("OPTIONS:") }

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

    /// Words filled into lines of at most `width` columns (a longer word gets a line of its own).
    /// Columns are counted as the terminal shows them, and text in a script written without spaces
    /// (Chinese, Japanese) breaks between its wide characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        // Empty words keep a run of spaces inside a line (`08:00:01  fired`).
        for word in text.split(separator: " ", omittingEmptySubsequences: false).flatMap(breakable) {
            let joined = line.isEmpty || word.joinsPrevious ? line + word.text : line + " " + word.text
            if line.isEmpty || DisplayWidth.of(joined) <= width {
                line = joined
            } else {
                lines.append(line)
                line = word.text
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// A piece of text a line may break before: a word, or a wide character with what clings to it.
    private struct Piece {
        var text: String
        /// Written straight after the piece before it, without a space.
        var joinsPrevious: Bool
    }

    /// Wide punctuation a line never starts with (the CJK line-breaking rule): it stays with the
    /// character before it.
    private static let closingPunctuation: Set<Character> = ["，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "】", "》", "〉", "”", "’"]

    /// A word as pieces: the word itself when it has no wide characters; else a piece per wide
    /// character (with the narrow text after it up to the next wide one, so `（默认：table）` keeps
    /// its ASCII; closing punctuation stays with the character before it), joined without spaces.
    private static func breakable(_ word: Substring) -> [Piece] {
        guard word.contains(where: { DisplayWidth.of($0) == 2 }) else { return [Piece(text: String(word), joinsPrevious: false)] }
        var pieces: [Piece] = []
        for character in word {
            if (DisplayWidth.of(character) == 2 && !closingPunctuation.contains(character)) || pieces.isEmpty {
                pieces.append(Piece(text: String(character), joinsPrevious: !pieces.isEmpty))
            } else {
                pieces[pieces.count - 1].text.append(character)
            }
        }
        return pieces
    }
}
