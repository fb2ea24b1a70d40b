import MeddCommandLine
import MeddControl
import MeddCore
import MeddTestSupport
import MeddTerminal
import Testing
@testable import medctl

/// What medctl shows people, in another language and another locale's formats: states, headings,
/// help, usage errors, completion descriptions and the status bar's words; `--json`'s raw values and
/// the waybar keys stay as they are.
@Suite struct PeopleLanguageOutputTests {
    private let plain = Style(enabled: false)

    /// An instant at `hour:minute` local time on 2026-11-22, in the zone medctl shows times in.
    private func local(_ hour: Int, _ minute: Int, day: Int = 22) -> Instant {
        LocalTimeText.rules.resolve(LocalDate(year: 2026, month: 11, day: day)!, WallTime(hour: hour, minute: minute)!).instant
    }

    private func dose(_ state: String, at instant: Instant, extra: [String: JSONValue] = [:]) -> JSONValue {
        .object([
            "id": .string("metformin_20261122_08_00"), "medication": .string("metformin"), "name": .string("Metformin"),
            "dose": .string("500 mg"), "usec": .integer(Int(instant.usec)), "state": .string(state),
        ].merging(extra) { $1 })
    }

    @Test func statesAreShownInTheLanguageAndUnknownOnesAsSent() {
        TestLanguage.german {
            #expect(StateName.dose("taken") == "genommen")
            #expect(StateName.dose("pending") == "ausstehend")
            #expect(StateName.dose("frobbed") == "frobbed")
            #expect(StateName.event("fired") == "erinnert")
            #expect(StateName.event("missed") == "versäumt")
            #expect(StateName.event("low-stock") == "low-stock")
            // The colour follows the raw state, whatever the word.
            #expect(StateName.styledDose("taken", style: Style(enabled: true)) == "\u{1B}[32mgenommen\u{1B}[0m")
        }
        #expect(StateName.dose("taken") == "taken")
        #expect(StateName.event("low-stock") == "low-stock")
    }

    @Test func headingsAndHelpAreTranslatedButOptionNamesStay() {
        TestLanguage.german {
            #expect(ColumnHeading.doses == ["FÄLLIG", "DOSIS-ID", "MEDIKAMENT", "STATUS", "BEANTWORTET"])
            let help = HelpText.verb(TakenCommand.self)
            #expect(help.hasPrefix("ÜBERSICHT: Eine Dosis als genommen markieren.\n\nAUFRUF: medctl taken [--at WHEN] [--note TEXT] [--all] [--med ID] [--person\n  ID] DOSE-OR-MED …\n"))
            #expect(help.contains("  --at WHEN               Wann sie genommen wurde (Vorgabe: jetzt).\n"))
            #expect(help.contains("\nOPTIONEN:\n"))
        }
        #expect(HelpText.verb(TakenCommand.self).hasPrefix("OVERVIEW: Mark a dose taken.\n\nUSAGE: medctl taken "))
    }

    @Test func usageErrorsAreTranslated() {
        TestLanguage.german {
            let unknown = #expect(throws: UsageError.self) { try Medctl.parser.parse(["frob"]) }
            #expect(unknown?.message.hasPrefix("unbekanntes Verb „frob“; die Verben sind check, plan, status") == true)
            let minutes = #expect(throws: UsageError.self) { try Medctl.parser.parse(["snooze", "x", "--minutes", "bald"]).runnable() }
            #expect(minutes?.message == "--minutes bald: erwartet wird eine ganze Zahl")
        }
    }

    @Test func completionDescriptionsAreTranslated() {
        TestLanguage.german {
            let script = CompletionScript(verbs: Medctl.verbs)
            #expect(script.text(for: .zsh).contains("'taken:Eine Dosis als genommen markieren.'"))
            #expect(script.text(for: .zsh).contains("'help:Die Hilfe eines Verbs zeigen.'"))
            #expect(script.text(for: .zsh).contains("'--at=[Wann sie genommen wurde (Vorgabe\\: jetzt).]:WHEN: '"))
            #expect(script.text(for: .fish).contains("-a 'taken' -d 'Eine Dosis als genommen markieren.'"))
            #expect(script.text(for: .bash).contains("--at) COMPREPLY"))
        }
    }

    @Test func anUnknownStateFromTheDaemonIsNamedInTheLanguage() {
        TestLanguage.german {
            let error = ClientError.daemon(name: "io.medd.Control.AlreadyFinal",
                                           parameters: ["dose": .string("metformin_20261122_08_00"), "state": .string("taken")])
            #expect(error.message == "medctl: metformin_20261122_08_00 ist schon genommen")
        }
    }

    /// The open counts take the language's plural forms: Polish has three.
    @Test func openCountsTakeTheLanguagesPluralForms() {
        #expect(StatusCommand.openLine(pending: 2, snoozed: 0, style: plain) == "open: 2 pending, 0 snoozed")
        Translation.using(TestLanguage.polish, formats: .technical) {
            #expect(StatusCommand.openLine(pending: 1, snoozed: 2, style: plain) == "otwarte: 1 oczekująca, 2 odłożone")
            #expect(StatusCommand.openLine(pending: 5, snoozed: 22, style: plain) == "otwarte: 5 oczekujących, 22 odłożone")
            #expect(StatusCommand.openLine(pending: 12, snoozed: 1, style: plain) == "otwarte: 12 oczekujących, 1 odłożona")
        }
    }

    @Test func answersShowTimesInTheLocalesWay() throws {
        let row = try #require(DoseRow(dose("taken", at: local(8, 0), extra: [
            "answeredUsec": .integer(Int(local(20, 5).usec)), "source": .string("desktop"), "note": .string("mit Frühstück"),
        ])))
        let today = LocalDate(year: 2026, month: 11, day: 22)!
        TestLanguage.german {
            #expect(row.outcome(today: today) == "20:05 über desktop — mit Frühstück")
            #expect(row.outcome(today: today.adding(days: 1)) == "22.11.2026 20:05 über desktop — mit Frühstück")
        }
        TestLanguage.english(formats: TestLocaleFormats.american) {
            #expect(row.outcome(today: today) == "08:05 PM via desktop — mit Frühstück")
        }
        #expect(row.outcome(today: today) == "20:05 via desktop — mit Frühstück")
        let snoozed = try #require(DoseRow(dose("snoozed", at: local(8, 0), extra: [
            "snoozeUntil": .string(LocalTimeText.rules.format(local(8, 40))),
        ])))
        TestLanguage.german { #expect(snoozed.outcome(today: today) == "bis 08:40") }
    }

    /// The status bar's words are translated; its keys and classes are what waybar reads.
    @Test func waybarKeepsItsKeysAndClasses() throws {
        let day = LocalDate(year: 2026, month: 11, day: 22)!
        let open = try #require(DoseRow(dose("pending", at: local(8, 0))))
        let status: [String: JSONValue] = ["pending": .integer(1), "snoozed": .integer(0), "nextDose": dose("planned", at: local(20, 0))]
        let line = TestLanguage.german { WaybarStatus.render(status: status, today: [open], day: day) }
        let object = try JSONParser.parse(Array(line.utf8))
        #expect(Set(object.objectValue?.keys ?? [:].keys) == ["text", "tooltip", "class"])
        #expect(object["class"]?.stringValue == "pending")
        #expect(object["text"]?.stringValue == "💊 1")
        #expect(object["tooltip"]?.stringValue == "ausstehend: Metformin 500 mg, fällig 08:00\nals Nächstes: Metformin 500 mg um 20:00")
        let idle = TestLanguage.german { WaybarStatus.render(status: [:], today: [], day: day) }
        #expect(try JSONParser.parse(Array(idle.utf8))["tooltip"]?.stringValue == "nichts geplant")
    }
}

private extension CommandLineParser.Request {
    /// Builds the verb the command line asks for, so its values are read (and refused).
    func runnable() throws(UsageError) {
        if case .run(let verb, let arguments) = self { _ = try verb.init(arguments, global: GlobalOptions(arguments)) }
    }
}
