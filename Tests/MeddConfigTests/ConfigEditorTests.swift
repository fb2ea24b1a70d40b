import Foundation
import MeddConfig
import MeddCore
import Testing

/// Each edit changes its table where it is written and no other byte of the file.
struct ConfigEditorTests {
    static let sections = """
        # My medicines
        [settings]
        grace = "2h"

        # Morning and evening
        [medication.metformin]   # the one with food
        name = "Metformin"
        dose = "500 mg"
        times = ["08:00", "20:00"]   # with meals
        paused = false # for now

        [[medication.metformin.step]]
        from = "2027-01-01"
        dose = "1000 mg"

        # The next one
        [medication.lisinopril]
        name = "Lisinopril"
        dose = "10 mg"
        times = ["08:00"]

        """

    @Test func settingAnExistingKeyKeepsItsComment() throws {
        let edited = try ConfigEditor(Self.sections).setting("paused", to: .bool(true), in: ["medication", "metformin"])
        #expect(edited == Self.sections.replacingOnce("paused = false # for now", with: "paused = true # for now"))
    }

    @Test func aNewKeyFollowsTheTablesLastKey() throws {
        let edited = try ConfigEditor(Self.sections).setting("paused", to: .bool(true), in: ["medication", "lisinopril"])
        #expect(edited == Self.sections.replacingOnce("times = [\"08:00\"]\n", with: "times = [\"08:00\"]\npaused = true\n"))
    }

    @Test func removingAKeyTakesItsLine() throws {
        let edited = try ConfigEditor(Self.sections).removing("paused", from: ["medication", "metformin"])
        #expect(edited == Self.sections.replacingOnce("paused = false # for now\n", with: ""))
        #expect(try ConfigEditor(Self.sections).removing("paused", from: ["medication", "lisinopril"]) == Self.sections)
    }

    @Test func removingATableTakesItsStepsAndTheCommentAboveIt() throws {
        let edited = try ConfigEditor(Self.sections).removingTable(["medication", "metformin"])
        #expect(edited == """
            # My medicines
            [settings]
            grace = "2h"

            # The next one
            [medication.lisinopril]
            name = "Lisinopril"
            dose = "10 mg"
            times = ["08:00"]

            """)
        let last = try ConfigEditor(Self.sections).removingTable(["medication", "lisinopril"])
        #expect(last == """
            # My medicines
            [settings]
            grace = "2h"

            # Morning and evening
            [medication.metformin]   # the one with food
            name = "Metformin"
            dose = "500 mg"
            times = ["08:00", "20:00"]   # with meals
            paused = false # for now

            [[medication.metformin.step]]
            from = "2027-01-01"
            dose = "1000 mg"

            """)
    }

    @Test func addingATableFollowsTheLastMedication() throws {
        let edited = ConfigEditor.adding(to: Self.sections)
        #expect(edited == Self.sections + "\n[medication.aspirin]\nname = \"Aspirin \\\"low\\\"\"\ntimes = [\"09:00\"]\n")
        let before = "[medication.a]\nname = \"A\"\n\n# hooks\n[[hook]]\non = [\"fired\"]\n"
        #expect(ConfigEditor.adding(to: before) == "[medication.a]\nname = \"A\"\n\n[medication.aspirin]\nname = \"Aspirin \\\"low\\\"\"\ntimes = [\"09:00\"]\n\n# hooks\n[[hook]]\non = [\"fired\"]\n")
        #expect(ConfigEditor.adding(to: "") == "[medication.aspirin]\nname = \"Aspirin \\\"low\\\"\"\ntimes = [\"09:00\"]\n")
        #expect(ConfigEditor.adding(to: "[settings]\ngrace = \"1h\"") == "[settings]\ngrace = \"1h\"\n\n[medication.aspirin]\nname = \"Aspirin \\\"low\\\"\"\ntimes = [\"09:00\"]\n")
    }

    @Test func inlineTablesAreEditedInsideTheirBraces() throws {
        let text = "medication.drops = { name = \"Drops\", dose = \"1\", every = \"4h\" } # eyes\nmedication.none = {}\n"
        let editor = try ConfigEditor(text)
        #expect(try editor.setting("paused", to: .bool(true), in: ["medication", "drops"])
            == "medication.drops = { name = \"Drops\", dose = \"1\", every = \"4h\", paused = true } # eyes\nmedication.none = {}\n")
        #expect(try editor.setting("dose", to: .string("2"), in: ["medication", "drops"])
            == "medication.drops = { name = \"Drops\", dose = \"2\", every = \"4h\" } # eyes\nmedication.none = {}\n")
        #expect(try editor.setting("paused", to: .bool(true), in: ["medication", "none"])
            == "medication.drops = { name = \"Drops\", dose = \"1\", every = \"4h\" } # eyes\nmedication.none = { paused = true }\n")
        #expect(try editor.removing("dose", from: ["medication", "drops"])
            == "medication.drops = { name = \"Drops\", every = \"4h\" } # eyes\nmedication.none = {}\n")
        #expect(try editor.removing("every", from: ["medication", "drops"])
            == "medication.drops = { name = \"Drops\", dose = \"1\" } # eyes\nmedication.none = {}\n")
        #expect(try editor.removingTable(["medication", "drops"]) == "medication.none = {}\n")
        let nested = try ConfigEditor("medication = { a = { name = \"A\" }, b = { name = \"B\" } }\n")
        #expect(try nested.removingTable(["medication", "a"]) == "medication = { b = { name = \"B\" } }\n")
        #expect(try nested.removingTable(["medication", "b"]) == "medication = { a = { name = \"A\" } }\n")
    }

    @Test func aTableRemovedWhereverItsPartsAre() throws {
        let apart = "[medication.b]\nname = \"B\"\n\n[medication.a.cycle]\non = 21\noff = 7\n\n[medication.a]\nname = \"A\"\n"
        let removedApart = try ConfigEditor(apart).removingTable(["medication", "a"])
        #expect(removedApart == "[medication.b]\nname = \"B\"\n", "\(removedApart.debugDescription)")
        let steps = "[medication.b]\nname = \"B\"\n\n[medication.a]\nname = \"A\"\n\n# week 2\n[[medication.a.step]]\nfrom = \"2027-01-01\"\n"
        #expect(try ConfigEditor(steps).removingTable(["medication", "a"]) == "[medication.b]\nname = \"B\"\n")
    }

    @Test func commentsStayWithWhatTheySpeakOf() throws {
        // A comment right under a key is its table's; a comment after a blank line at the end is the file's.
        let text = "# Medications\n\n[medication.a]\nname = \"A\"\n# paused = true (try later)\n[medication.b]\nname = \"B\"\n\n# vim: ft=toml\n"
        #expect(try ConfigEditor(text).removingTable(["medication", "b"])
            == "# Medications\n\n[medication.a]\nname = \"A\"\n# paused = true (try later)\n# vim: ft=toml\n")
        #expect(try ConfigEditor(text).removingTable(["medication", "a"]) == "# Medications\n\n[medication.b]\nname = \"B\"\n\n# vim: ft=toml\n")
        let bom = "\u{FEFF}[medication.a]\nname = \"A\"\n\n[medication.b]\nname = \"B\"\n"
        #expect(try ConfigEditor(bom).removingTable(["medication", "a"]) == "\u{FEFF}[medication.b]\nname = \"B\"\n")
    }

    @Test func aStringOverLinesIsNoComment() throws {
        let text = "[medication.a]\nname = \"A\"\nnotes = \"\"\"\nTake with food.\n# not before 8\"\"\"\n[settings]\ngrace = \"1h\"\n"
        let added = try ConfigEditor(ConfigEditor(text).addingTable(["medication", "c"], entries: [("name", .string("C"))]))
        #expect(added.hasTable(["medication", "c"]) && added.text.hasSuffix("[medication.c]\nname = \"C\"\n\n[settings]\ngrace = \"1h\"\n"))
        #expect(try ConfigEditor(text).removingTable(["medication", "a"]) == "[settings]\ngrace = \"1h\"\n")
    }

    @Test func dottedKeysInBracesStay() throws {
        let text = "[medication]\na = { paused = true, cycle.on = 21, cycle.off = 7, name = \"A\" }\nb = { cycle.on = 1, paused = true }\n"
        #expect(try ConfigEditor(text).removing("paused", from: ["medication", "a"])
            == "[medication]\na = { cycle.on = 21, cycle.off = 7, name = \"A\" }\nb = { cycle.on = 1, paused = true }\n")
        #expect(try ConfigEditor(text).removing("paused", from: ["medication", "b"])
            == "[medication]\na = { paused = true, cycle.on = 21, cycle.off = 7, name = \"A\" }\nb = { cycle.on = 1 }\n")
    }

    @Test func windowsLineEndsStay() throws {
        let text = "[medication.a]\r\nname = \"A\"\r\n"
        #expect(try ConfigEditor(text).setting("paused", to: .bool(true), in: ["medication", "a"]) == "[medication.a]\r\nname = \"A\"\r\npaused = true\r\n")
    }

    @Test func aFileWithoutAFinalLineEndGetsOne() throws {
        #expect(try ConfigEditor("[medication.a]\nname = \"A\"").setting("paused", to: .bool(true), in: ["medication", "a"])
            == "[medication.a]\nname = \"A\"\npaused = true")
    }

    @Test func dottedKeysAndMissingTablesAreRefused() throws {
        let dotted = try ConfigEditor("medication.a.name = \"A\"\nmedication.a.dose = \"1\"\n")
        #expect(throws: ConfigEditor.Refusal.self) { try dotted.setting("paused", to: .bool(true), in: ["medication", "a"]) }
        #expect(throws: ConfigEditor.Refusal.self) { try ConfigEditor("").removingTable(["medication", "a"]) }
        #expect(throws: ConfigEditor.Refusal.self) { try ConfigEditor("[a\n") }
    }

    @Test func stringsAreEscaped() {
        #expect(TOMLText.string("a \"b\" \\ c\n\u{7}").text == "\"a \\\"b\\\" \\\\ c\\n\\u0007\"")
        #expect(TOMLText.strings(["08:00", "20:00"]).text == "[\"08:00\", \"20:00\"]")
        #expect(TOMLText.quantity(Quantity(thousandths: 500)).text == "0.5")
        #expect(TOMLText.key("vitamin-d") == "vitamin-d")
        #expect(TOMLText.key("a b") == "\"a b\"")
    }
}

private extension ConfigEditor {
    static func adding(to text: String) -> String {
        (try? ConfigEditor(text))?.addingTable(["medication", "aspirin"], entries: [
            ("name", .string("Aspirin \"low\"")), ("times", .strings(["09:00"])),
        ]) ?? "not TOML"
    }
}

private extension String {
    func replacingOnce(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self + "\n<\(target) not found>" }
        return replacingCharacters(in: range, with: replacement)
    }
}
