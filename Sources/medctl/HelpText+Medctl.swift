import MeddCommandLine
import MeddCore

/// `medctl --help` and `medctl VERB --help`.
extension HelpText {
    static func root(verbs: [any Verb.Type]) -> String {
        var text = overview(Medctl.abstract) + usage(["medctl [--socket PATH] [--json] VERB [OPTIONS] [ARGUMENTS]"]) + "\n"
        text += options(CommandLineParser.globalOptions + [.version, .help])
        // TRANSLATORS: a heading of `medctl --help`, above the list of verbs (status, taken, …).
        text += "\n" + tr("VERBS:") + "\n"
        for verb in verbs {
            text += entry(verb.name, verb.abstract)
        }
        text += "\n" + wrapped(tr("`medctl help VERB` or `medctl VERB --help` shows a verb's options.") + " " + Medctl.exitStatusText) + "\n"
        return text
    }

    static func verb(_ verb: any Verb.Type) -> String {
        HelpText.verb(verb, program: "medctl", globalOptions: CommandLineParser.globalOptions)
    }
}
