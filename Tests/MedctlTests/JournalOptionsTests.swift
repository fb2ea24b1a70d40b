import MeddCommandLine
import PropertyBased
import Testing
@testable import medctl

/// `--from-journal`, `--directory`, `--file` (repeatable) and `--host`: where a verb reads the journal.
@Suite struct JournalOptionsTests {
    static func options(_ arguments: [String], verb: String = "adherence") throws -> JournalOptions {
        guard case .run(_, let parsed) = try Medctl.parser.parse([verb] + arguments) else { throw UsageError("not a run") }
        return try JournalOptions(parsed)
    }

    /// Without any of them the daemon is asked; --from-journal reads this machine's journal.
    @Test func theDaemonUnlessTheJournalIsNamed() throws {
        #expect(try Self.options([]).source == nil)
        #expect(try Self.options(["--from-journal"]).source == JournalSource(location: .local, host: nil))
        #expect(try Self.options(["--from-journal"], verb: "history").source?.isCollected == false)
    }

    /// --directory, --file and --host each imply --from-journal; every --file is kept, in order, while
    /// a later --directory or --host replaces an earlier one.
    @Test func directoryFileAndHostImplyTheJournal() throws {
        #expect(try Self.options(["--directory", "/a", "--directory=/srv/remote"]).source
                == JournalSource(location: .directory("/srv/remote"), host: nil))
        #expect(try Self.options(["--file", "b.journal", "--file=a.journal", "--from-journal", "--file", "c.journal"], verb: "history").source
                == JournalSource(location: .files(["b.journal", "a.journal", "c.journal"]), host: nil))
        #expect(try Self.options(["--host", "x", "--host", "laptop"]).source == JournalSource(location: .local, host: "laptop"))
        #expect(try Self.options(["--file", "a.journal", "--host", "laptop"]).source?.isCollected == true)
    }

    /// Any non-empty names given as --file=NAME, however many and whatever they hold, come back all and
    /// in order; --host=NAME gives back NAME or a usage error, never anything else.
    @Test func everyFileIsKeptInOrder() async {
        let name = Gen<Character?>.element(of: Array("ab9=- é/.") as [Character]).map { $0! }.string(of: 1...12)
        await propertyCheck(count: 300, input: name.array(of: 1...8), Gen.letterOrNumber.string(of: 0...3)) { names, host in
            let arguments = names.map { "--file=\($0)" } + ["--host=\(host)"]
            do {
                let source = try Self.options(arguments).source
                #expect(source == JournalSource(location: .files(names), host: host))
            } catch {
                #expect(host.isEmpty, "\(arguments): \(error)")
            }
        }
    }

    /// Conflicting or empty places are usage errors pointing to the verb's help.
    @Test func conflictsAreUsageErrors() {
        #expect(throws: UsageError("--directory and --file both say where the journal is; give one of them", verb: "history")) {
            try Self.options(["--directory", "/d", "--file", "f.journal"], verb: "history")
        }
        #expect(throws: UsageError("--file needs a file, not an empty name", verb: "adherence")) { try Self.options(["--file="]) }
        #expect(throws: UsageError("--directory needs a directory, not an empty name", verb: "adherence")) {
            try Self.options(["--directory", ""])
        }
        #expect(throws: UsageError("--host '': expected a host name as the journal's _HOSTNAME field has it", verb: "adherence")) {
            try Self.options(["--host="])
        }
        #expect(throws: UsageError.self) { try Self.options(["--file"]) }
    }

    /// The help shows that --file repeats; completion offers directories for --directory and repeats --file.
    @Test func helpAndCompletionKnowTheOptions() {
        #expect(HelpText.verb(HistoryCommand.self).contains("[--directory DIR] [--file FILE …] [--host NAME]"))
        let zsh = CompletionScript(verbs: Medctl.verbs).text(for: .zsh)
        #expect(zsh.contains("'*--file=[Read this journal file (repeat for more), every machine'\\''s.]:FILE:_files'"))
        #expect(zsh.contains("--directory=[") && zsh.contains(":DIR:_files -/'"))
        let bash = CompletionScript(verbs: Medctl.verbs).text(for: .bash)
        #expect(bash.contains("--directory) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;"))
        let fish = CompletionScript(verbs: Medctl.verbs).text(for: .fish)
        #expect(fish.contains("-l 'directory' -r -f -a '(__fish_complete_directories)'"))
    }
}
