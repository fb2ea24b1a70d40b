import MeddCommandLine
import Testing
@testable import medctl

/// `--person ID`: an ID as medd.toml writes it, and one some configured medication is for.
@Suite struct PersonOptionTests {
    /// IDs are read as medication IDs are written; anything else is not a person ID.
    @Test func onlyPersonIDsRead() {
        #expect(PersonOption(argument: "mum")?.id == "mum")
        #expect(PersonOption(argument: "grand-dad-2")?.id == "grand-dad-2")
        for text in ["", "Mum", "aunt may", "-mum", "mum_1", String(repeating: "m", count: 65)] {
            #expect(PersonOption(argument: text) == nil, "\(text)")
        }
    }

    /// A person some medication is for passes; another is refused with the people there are, sorted.
    @Test func anUnknownPersonNamesThePeopleThereAre() throws {
        let people = ["metformin": "mum", "ramipril": "mum", "aspirin": "dad"]
        try PersonOption(argument: "dad")!.requireKnown(among: people, verb: "today")
        #expect(throws: UsageError("--person gran: no configured medication is for gran; the people medications are for are dad, mum",
                                   verb: "history")) {
            try PersonOption(argument: "gran")!.requireKnown(among: people, verb: "history")
        }
    }

    /// With no person in the configuration, the error says how to name one.
    @Test func withoutPeopleTheErrorSaysHowToNameOne() {
        #expect(throws: UsageError("--person mum: no configured medication is for mum; no medication names a person "
                                   + "(add person = \"mum\" to its [medication.ID] table in medd.toml)", verb: nil)) {
            try PersonOption(argument: "mum")!.requireKnown(among: [:], verb: nil)
        }
    }
}
