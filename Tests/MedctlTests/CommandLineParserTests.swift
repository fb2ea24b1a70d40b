import MeddCommandLine
import Testing
@testable import medctl

/// medctl's command line read as a user writes it: global options on either side of the verb, both
/// spellings of a value, and a precise usage error for everything else.
@Suite struct CommandLineParserTests {
    let parser = Medctl.parser

    private func run(_ arguments: [String]) throws -> (verb: String, arguments: ParsedArguments) {
        guard case .run(let verb, let parsed) = try parser.parse(arguments) else {
            Issue.record("\(arguments) did not name a verb to run")
            throw UsageError("not a run")
        }
        return (verb.name, parsed)
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func globalOptionsBeforeAndAfterTheVerb() throws {
        for arguments in [["--socket", "/s", "--json", "status"], ["status", "--json", "--socket=/s"], ["--json", "status", "--socket", "/s"]] {
            let (verb, parsed) = try run(arguments)
            #expect(verb == "status")
            #expect(GlobalOptions(parsed).socket == "/s")
            #expect(GlobalOptions(parsed).json)
        }
    }

    @Test func valuesOperandsAndTheEndOfOptions() throws {
        let (verb, parsed) = try run(["taken", "a", "--at=08:00", "--note", "-5 mg, not an option", "b", "--", "--c"])
        #expect(verb == "taken")
        #expect(parsed.operands == ["a", "b", "--c"])
        #expect(parsed.string("at") == "08:00")
        #expect(parsed.string("note") == "-5 mg, not an option")
        #expect(try run(["taken", "a", "--note=--json"]).arguments.string("note") == "--json")
    }

    /// A minus and a digit start a number, an operand: `medctl refill metformin -3` reaches the daemon, which says what
    /// is wrong with the amount, instead of an unknown option. A refill takes a medication and an amount, with a
    /// point or, as written in the locale, its decimal comma.
    @Test func aNegativeNumberIsAnOperand() throws {
        for amount in ["-3", "-2.5", "-1,5", "-0"] {
            let (verb, parsed) = try run(["refill", "metformin", amount, "--note", "x"])
            #expect(verb == "refill" && parsed.operands == ["metformin", amount])
        }
        #expect(usageError(["refill", "metformin", "-x"])?.message.contains("unknown option '-x'") == true)
        let (_, parsed) = try run(["refill", "metformin", "2.5"])
        #expect(try RefillCommand(parsed, global: GlobalOptions(parsed)).amount == "2.5")
        let (_, alone) = try run(["refill", "metformin"])
        #expect(throws: UsageError("name a medication and the units added, like: medctl refill metformin 30", verb: "refill")) {
            try RefillCommand(alone, global: GlobalOptions(alone))
        }
    }

    @Test func aLaterValueReplacesAnEarlierOne() throws {
        #expect(try run(["snooze", "x", "--minutes", "5", "--minutes", "10"]).arguments.string("minutes") == "10")
    }

    @Test func requests() throws {
        guard case .help(nil) = try parser.parse(["--help"]) else { throw UsageError("--help") }
        guard case .help(let verb?) = try parser.parse(["help", "snooze"]), verb.name == "snooze" else { throw UsageError("help snooze") }
        guard case .help(let verb?) = try parser.parse(["--json", "taken", "x", "-h"]), verb.name == "taken" else { throw UsageError("-h") }
        guard case .version = try parser.parse(["--version"]) else { throw UsageError("--version") }
        guard case .completionScript(.fish) = try parser.parse(["--generate-completion-script", "fish"]) else { throw UsageError("fish") }
    }

    @Test(arguments: [
        ([String](), "name a verb"),
        (["frobnicate"], "unknown verb 'frobnicate'"),
        (["status", "--bogus"], "unknown option '--bogus'"),
        (["status", "-x"], "unknown option '-x'"),
        (["status", "extra"], "status takes no argument 'extra'"),
        (["doses", "today", "tomorrow"], "one too many"),
        (["taken", "x", "--at"], "--at needs a value (WHEN)"),
        (["status", "--json=yes"], "--json takes no value"),
        (["taken", "x", "--note", "--json"], "--note needs a value (TEXT), not the option --json; write --note=--json"),
        (["--socket", "--json", "status"], "--socket needs a value (PATH), not the option --json"),
        (["skip", "x", "--reason", "-h"], "not the option -h"),
        (["help", "nothing"], "`medctl help` takes one verb"),
        (["--generate-completion-script", "tcsh"], "expected bash, zsh or fish"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let error = usageError(arguments)
        #expect(error?.message.contains(message) == true, "\(arguments): \(String(describing: error))")
    }

    /// A bad value is refused when the verb reads its arguments, naming the option and what it takes.
    @Test func verbsCheckTheirValues() throws {
        let (_, parsed) = try run(["snooze", "x", "--minutes", "soon"])
        #expect(throws: UsageError("--minutes soon: expected a whole number", verb: "snooze")) {
            try SnoozeCommand(parsed, global: GlobalOptions(parsed))
        }
        let (_, none) = try run(["taken"])
        #expect(throws: UsageError("name at least one dose or medication", verb: "taken")) {
            try TakenCommand(none, global: GlobalOptions(none))
        }
        for verb in [["today"], ["doses"], ["history"], ["adherence"], ["export", "--format", "csv"]] {
            let (_, bad) = try run(verb + ["--person", "Mum"])
            let error = #expect(throws: UsageError.self) { try Medctl.parser.verb(named: verb[0])?.init(bad, global: GlobalOptions(bad)) }
            #expect(error?.message == "--person Mum: expected a person ID as medications name it (person = \"mum\": lower-case letters, "
                    + "digits and '-')", "\(verb)")
            #expect(error?.verb == verb[0])
        }
        let (_, export) = try run(["export", "--days", "3"])
        #expect(throws: UsageError("--format csv or --format ics is required", verb: "export")) {
            try ExportCommand(export, global: GlobalOptions(export))
        }
    }

    /// No verb takes an option twice or hides a global one, and the help shows every option.
    @Test func everyVerbsOptionsAreDistinctAndDocumented() {
        for verb in Medctl.verbs {
            let names = (verb.options + CommandLineParser.globalOptions).map(\.name)
            #expect(Set(names).count == names.count, "\(verb.name): \(names)")
            let help = HelpText.verb(verb)
            for option in verb.options { #expect(help.contains(option.synopsis), "\(verb.name) --help lacks \(option.synopsis)") }
            #expect(HelpText.root(verbs: Medctl.verbs).contains("\n  \(verb.name) "))
        }
    }

    @Test func helpLinesFitEightyColumns() {
        for text in [HelpText.root(verbs: Medctl.verbs)] + Medctl.verbs.map({ HelpText.verb($0) }) {
            for line in text.split(separator: "\n") where !line.contains("://") {
                #expect(line.count <= HelpText.width || !line.contains(" "), "\(line)")
            }
        }
    }
}
