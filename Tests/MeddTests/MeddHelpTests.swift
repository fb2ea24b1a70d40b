import MeddCommandLine
import MeddCore
import MeddTestSupport
import Testing
@testable import medd

/// `medd --help` and medd's completion scripts, written from the option table the parser reads.
@Suite struct MeddHelpTests {
    @Test func everyOptionIsDocumentedAndInAUsageLine() {
        let help = Medd.help
        let usage = help.split(separator: "\n").filter { $0.hasPrefix("  medd ") || $0.hasPrefix("    [") }.joined(separator: " ")
        for option in Invocation.options {
            #expect(help.contains("\n  \(option.synopsis) "), "--help lacks an entry for \(option.synopsis)")
            #expect(usage.contains("\(option.synopsis)"), "no usage line has \(option.synopsis)")
        }
        let names = Invocation.options.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(help.hasPrefix("OVERVIEW: Medication-reminder daemon: fires doses to the journal and answers\n  over Varlink.\n\nUSAGE:\n"
            + "  medd [--config PATH] [--state-dir DIR] [--socket PATH] [--no-desktop]\n    [--pretend-now TIME]\n"
            + "  medd --check [--config PATH] [--json]\n"))
        #expect(help.contains("\n  --version               Show the version.\n  --help                  Show this help (also -h).\n"))
        #expect(help.contains("64 usage error"))
    }

    @Test func helpLinesFitEightyColumns() {
        for line in Medd.help.split(separator: "\n") {
            #expect(line.count <= HelpText.width, "\(line)")
        }
    }

    @Test func theHelpIsInThePersonsLanguage() {
        let german = TestTranslator(messages: [
            "OVERVIEW: %1$s": "ÜBERSICHT: %1$s",
            "USAGE:": "AUFRUF:",
            "OPTIONS:": "OPTIONEN:",
            "Do not show desktop notifications.": "Keine Desktop-Benachrichtigungen zeigen.",
        ])
        Translation.using(german, formats: TestLocaleFormats.german) {
            let help = Medd.help
            #expect(help.hasPrefix("ÜBERSICHT: "))
            #expect(help.contains("\nAUFRUF:\n  medd [--config PATH] "))
            #expect(help.contains("\n  medd --check [--config PATH] [--json]\n"), "the usage lines stay as medd reads them")
            #expect(help.contains("\n  --no-desktop            Keine Desktop-Benachrichtigungen zeigen.\n"))
            #expect(help.contains("\nOPTIONEN:\n"))
        }
    }

    @Test func completionOffersEveryOptionAndWhatItsValueIs() {
        let script = Medd.completionScript
        let bash = script.text(for: .bash)
        #expect(bash.hasPrefix("# bash completion for medd\n_medd() {\n"))
        #expect(bash.contains("--state-dir) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;"))
        #expect(bash.contains("--restore) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"))
        #expect(bash.hasSuffix("complete -F _medd medd\n"))
        let zsh = script.text(for: .zsh)
        #expect(zsh.hasPrefix("#compdef medd\n"))
        #expect(zsh.contains("'--days=[With --plan\\: how many days, 1 to 3660 (default\\: the configuration'\\''s horizon_days).]:N: '"))
        #expect(zsh.contains("compdef _medd medd"))
        let fish = script.text(for: .fish)
        #expect(fish.contains("complete -c 'medd' -l 'config' -r -F -d"))
        #expect(fish.contains("complete -c 'medd' -l 'generate-completion-script' -r -f -a 'bash zsh fish'"))
        let everyOption = Invocation.options + [.version, .help, .completionScript]
        #expect(bash.contains("COMPREPLY=($(compgen -W '\(everyOption.map(\.spelling).joined(separator: " "))' -- \"$cur\"))"))
        for option in everyOption {
            #expect(zsh.contains("'--\(option.name)"), "zsh: \(option.name)")
            #expect(fish.contains("-l '\(option.name)'"), "fish: \(option.name)")
        }
    }
}
