import MeddCore
import MeddTerminal

/// The parts of `--help` as medd and medctl print it, wrapped for an 80-column terminal, in the
/// person's language; option names, value names and examples stay as the programs read them.
public enum HelpText {
    public static let width = 80
    /// Where option and verb descriptions start.
    public static let column = 26

    /// `OVERVIEW: …` and an empty line.
    // TRANSLATORS: the first line of `medctl --help`; %1$s is what medctl (or the verb) does.
    public static func overview(_ abstract: String) -> String { wrapped(tr("OVERVIEW: %1$s", abstract), indent: 2) + "\n" }

    /// `USAGE: …` with one way to call the program, or a heading above several, one a line.
    public static func usage(_ synopses: [String]) -> String {
        // TRANSLATORS: how to call medctl; %1$s is the command line, which stays as it is
        // (`medctl taken [--at WHEN] DOSE-OR-MED …`).
        guard synopses.count > 1 else { return wrapped(tr("USAGE: %1$s", synopses.first ?? ""), indent: 2) }
        // TRANSLATORS: a heading of `medd --help`, above the ways to call medd, one a line (which stay as they are).
        return tr("USAGE:") + "\n" + synopses.map { "  " + wrapped($0, indent: 4) }.joined()
    }

    /// `OPTIONS:` and an entry for each of `options`.
    public static func options(_ options: [OptionSpec]) -> String {
        // TRANSLATORS: a heading of `medctl --help`, above the list of options (--json, --socket PATH, …).
        tr("OPTIONS:") + "\n" + options.map { entry($0.synopsis, $0.help) }.joined()
    }

    /// `PROGRAM --help` of a program without verbs (medd, medd-sync): what it does, the ways to call it, its
    /// operand, its options (`--version` and `--help` among them) and the paragraphs of `discussion`.
    public static func program(abstract: String, synopses: [String], operand: OperandSpec? = nil, options: [OptionSpec],
                               discussion: String) -> String {
        var text = overview(abstract) + usage(synopses) + "\n"
        if let operand { text += arguments(operand) }
        return text + Self.options(options) + "\n" + paragraphs(discussion)
    }

    /// `ARGUMENTS:` and the entry of `operand`.
    private static func arguments(_ operand: OperandSpec) -> String {
        // TRANSLATORS: a heading of `medctl VERB --help`, above what follows the options (DOSE-OR-MED, FILE).
        tr("ARGUMENTS:") + "\n" + entry(operand.valueName, operand.help) + "\n"
    }

    /// `PROGRAM VERB --help`: what the verb does, its usage, its operand, its options (with
    /// `globalOptions` and `--help`) and its discussion.
    public static func verb(_ verb: any VerbSyntax.Type, program: String, globalOptions: [OptionSpec]) -> String {
        var synopsis = "\(program) \(verb.name)"
        for option in verb.options {
            let shown = option.synopsis + (option.repeats ? " …" : "")
            synopsis += option.isRequired ? " \(shown)" : " [\(shown)]"
        }
        if let operand = verb.operand {
            synopsis += operand.repeats ? " \(operand.valueName) …" : operand.isRequired ? " \(operand.valueName)" : " [\(operand.valueName)]"
        }
        var text = overview(verb.abstract) + usage([synopsis]) + "\n"
        if let operand = verb.operand { text += arguments(operand) }
        text += options(verb.options + globalOptions + [.help])
        if !verb.discussion.isEmpty { text += "\n" + paragraphs(verb.discussion) }
        return text
    }

    /// `  NAME   description`, the description wrapped at `column`.
    public static func entry(_ name: String, _ description: String) -> String {
        let label = "  " + name
        let lines = wrap(description, width: width - column)
        var text = label.count + 2 <= column
            ? label + String(repeating: " ", count: column - label.count) + (lines.first ?? "") + "\n"
            : label + "\n" + String(repeating: " ", count: column) + (lines.first ?? "") + "\n"
        for line in lines.dropFirst() { text += String(repeating: " ", count: column) + line + "\n" }
        return text
    }

    /// Paragraphs separated by `\n`, each wrapped; an empty one is an empty line.
    public static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "\n" : wrapped(String($0)) }.joined()
    }

    /// A paragraph wrapped at `width`, each line after the first indented by `indent`.
    public static func wrapped(_ paragraph: String, indent: Int = 0) -> String {
        let lines = wrap(paragraph, width: width - indent)
        return lines.enumerated().map { index, line in (index == 0 ? "" : String(repeating: " ", count: indent)) + line + "\n" }.joined()
    }

    /// Words filled into lines of at most `width` columns (a longer word gets a line of its own).
    /// Columns are counted as the terminal shows them, and text in a script written without spaces
    /// (Chinese, Japanese) breaks between its wide characters.
    public static func wrap(_ text: String, width: Int) -> [String] {
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
