import Foundation
@testable import MeddConfig
import MeddCore
import Testing

/// Reading files, whole-file behaviour and the helpers behind the messages.
struct ConfigLoaderTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("medd-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func messages(_ text: String) -> [String] {
        guard case .failure(let errors) = ConfigLoader.parse(text, path: "t.toml") else { return [] }
        return errors.diagnostics.map(\.description)
    }

    /// A missing file is one error at 1:1 that says what to do.
    @Test func missingFile() throws {
        let path = try temporaryDirectory().appendingPathComponent("medd.toml").path
        guard case .failure(let errors) = ConfigLoader.load(path: path) else {
            Issue.record("a missing file loaded")
            return
        }
        #expect(errors.diagnostics.map(\.description) == ["\(path):1:1: no such file; create it or pass --config PATH"])
    }

    /// A directory instead of a file is reported, not crashed on.
    @Test func directoryInsteadOfFile() throws {
        let path = try temporaryDirectory().path
        guard case .failure(let errors) = ConfigLoader.load(path: path) else {
            Issue.record("a directory loaded")
            return
        }
        #expect(errors.description == "\(path):1:1: is a directory; pass the path of the configuration file with --config PATH")
    }

    /// A file that is not UTF-8 is reported at its first bad byte: line, and column counted in the characters
    /// before it (a Latin-1 "é" on line 2 after "é" in UTF-8).
    @Test func invalidUTF8File() throws {
        let url = try temporaryDirectory().appendingPathComponent("medd.toml")
        try Data(Array("[medication.a]\nname = \"Café ".utf8) + [0xE9, 0x22, 0x0A]).write(to: url)
        guard case .failure(let errors) = ConfigLoader.load(path: url.path) else {
            Issue.record("invalid UTF-8 loaded")
            return
        }
        #expect(errors.description == "\(url.path):2:14: the file is not valid UTF-8 here; save it as UTF-8 text")
        #expect(ConfigLoader.firstInvalidUTF8([0x61, 0x0A, 0x62, 0xC3]) == SourcePosition(line: 2, column: 2))
        #expect(ConfigLoader.firstInvalidUTF8([0xEF, 0xBB, 0xBF, 0x61, 0xFF]) == SourcePosition(line: 1, column: 2))
        #expect(ConfigLoader.firstInvalidUTF8(Array("ok\n".utf8)) == nil)
    }

    /// `load` reads a real file and labels its errors with the path given.
    @Test func loadReadsFileAndLabelsErrors() throws {
        let url = try temporaryDirectory().appendingPathComponent("medd.toml")
        try "[settings]\ngrace = \"0\"\n".write(to: url, atomically: true, encoding: .utf8)
        guard case .failure(let errors) = ConfigLoader.load(path: url.path) else {
            Issue.record("grace = 0 was accepted")
            return
        }
        #expect(errors.description == "\(url.path):2:9: settings.grace: must be longer than 0, e.g. \"2h\"")
    }

    /// The demo configuration in `examples/` is valid and has the kinds of medication it promises, tapering included.
    @Test func exampleConfigurationIsValid() throws {
        let configuration = try ConfigLoader.load(path: Fixtures.exampleConfigPath).get()
        #expect(configuration.medications.map(\.id) == ["amoxicillin", "ibuprofen", "levothyroxine", "metformin", "methotrexate", "paracetamol",
                                                       "prednisone", "vitamin-d", "warfarin"])
        #expect(configuration.medication("warfarin")?.perDose == Quantity(thousandths: 500))
        #expect(configuration.medication("methotrexate")?.scheduleDescription.english
            == "09:00 on Mon; every 2 weeks")
        #expect(configuration.medication("vitamin-d")?.remind == false)
        #expect(configuration.medication("ibuprofen")?.isAsNeeded == true)
        #expect(configuration.medication("levothyroxine")?.schedule
            == .times([WallTime(hour: 6, minute: 45)].compactMap { $0 }, DayFilter(weekdays: [.mon, .tue, .wed, .thu, .fri])))
        #expect(configuration.medication("prednisone")?.steps.count == 2)
        #expect(configuration.hooks.count == 1)
    }

    /// A NUL character is an error where it stands, in a string, a comment or between values.
    @Test func nulCharacterIsReported() {
        let nul = "the file contains a NUL character; a configuration must be plain UTF-8 text"
        #expect(messages("[settings]\ngrace = \"2h\u{0}\"\n") == ["t.toml:2:12: \(nul)"])
        #expect(messages("a = 1 # x\u{0}\n") == ["t.toml:1:10: \(nul)"])
        #expect(messages("a = 1\u{0}\n") == ["t.toml:1:6: \(nul)"])
        // An earlier error is still the one reported.
        #expect(messages("a = 1 2\n\u{0}").first?.hasPrefix("t.toml:1:7: expected the end of the line") == true)
    }

    /// What toml++ aborted on is an ordinary syntax error, at the character at fault.
    @Test func malformedHeadersAndArraysAreSyntaxErrors() {
        #expect(messages("[}a]\n") == ["t.toml:1:2: expected a table name, found \"}\""])
        #expect(messages("a = 1\n[[[x]]]\n") == ["t.toml:2:3: expected a table name, found \"[\""])
        #expect(messages("[\r\n") == ["t.toml:1:2: expected a table name, found the end of the line"])
        #expect(messages("a = [1, }\n") == ["t.toml:1:9: expected a value or \"]\", found \"}\""])
        #expect(messages("a = [\u{2028}]\n") == ["t.toml:1:6: \\u2028 is not a number, boolean, date or time; quote text, durations and times, e.g. \"\\u2028\""])
        #expect(messages("a = 1 2\r\n[}a]\n") == ["t.toml:1:7: expected the end of the line after the value of \"a\", found \"2\""])
        // Deep nesting neither overflows the stack nor passes.
        #expect(messages("a = " + String(repeating: "[", count: 100_000))
            == ["t.toml:1:105: nested too deeply: at most 100 levels of tables and arrays"])
        #expect(messages(String(repeating: "a.", count: 100_000) + "b = 1").first?.hasSuffix("nested too deeply: at most 100 levels of tables and arrays") == true)
    }

    /// Syntax-error columns count Unicode scalars, the same unit the locator uses.
    @Test func syntaxErrorColumnsCountScalars() {
        #expect(messages("a = \"é😀\" 2\n").first?.hasPrefix("t.toml:1:10: expected the end of the line") == true)
    }

    /// Running out of input is reported at the end of the text, where an editor can go, and says where
    /// the string or array began.
    @Test func endOfFileErrorsPointAtTheEndOfTheText() {
        #expect(messages("\"\n") == ["t.toml:1:2: unterminated string (it starts at 1:1); is a closing quote missing?"])
        #expect(messages("a = [1,\n") == ["t.toml:2:1: unterminated array (it starts at 1:5); is a closing \"]\" missing?"])
        #expect(messages("\u{FEFF}a = [1,\n") == ["t.toml:2:1: unterminated array (it starts at 1:5); is a closing \"]\" missing?"])
        #expect(messages("a = [1,") == ["t.toml:1:8: unterminated array (it starts at 1:5); is a closing \"]\" missing?"])
        #expect(messages("a = {b = 1") == ["t.toml:1:11: unterminated inline table (it starts at 1:5); is a closing \"}\" missing?"])
    }

    /// An amount written as a float is read from its text, exactly: underscores and exponents included.
    @Test func floatAmountsAreReadAsWritten() throws {
        let med = "[medication.a]\nname = \"A\"\ndose = \"1\"\ntimes = [\"08:00\"]\n"
        for (written, thousandths) in [("0.1", 100), ("2.5e2", 250_000), ("1_000.5", 1_000_500), ("5e-1", 500), ("+0.25", 250),
                                       ("27.250000", 27_250), ("0.000_5e3", 500), ("999999999.999", 999_999_999_999)] {
            let configuration = try ConfigLoader.parse(med + "stock = \(written)\n", path: "t.toml").get()
            #expect(configuration.medication("a")?.stock == Quantity(thousandths: Int64(thousandths)), "\(written)")
        }
        #expect(messages(med + "stock = 1e-5\n")
            == ["t.toml:5:9: medication.a.stock: 1e-5 has more than three decimal places; amounts are counted to the thousandth (0.001)"])
        #expect(messages(med + "stock = 1e400\n") == ["t.toml:5:9: medication.a.stock: 1e400 is too large; use at most 1000000000"])
        #expect(messages(med + "stock = -1.5e1\n") == ["t.toml:5:9: medication.a.stock: -1.5e1 is out of range; use 0 or more"])
        #expect(messages(med + "stock = inf\n") == ["t.toml:5:9: medication.a.stock: expected a number like 2 or 0.5, found a floating-point number"])
    }

    /// A hook's timeout defaults to 10 seconds; a paused medication stays in the configuration.
    @Test func defaults() throws {
        let text = """
            [medication.a]
            name = "A"
            dose = "1"
            times = ["08:00"]
            paused = true
            [[hook]]
            on = ["taken"]
            exec = ["/bin/true"]
            """
        let configuration = try ConfigLoader.parse(text, path: "t.toml").get()
        #expect(configuration.hooks.first?.timeout == TimeSpan(seconds: 10))
        #expect(configuration.medication("a")?.paused == true)
        #expect(configuration.medication("a")?.perDose == 1)
    }

    /// A misspelt required key is reported once, as unknown, not also as missing.
    @Test func misspeltRequiredKeyIsReportedOnce() {
        #expect(messages("[medication.a]\nnmae = \"A\"\ndose = \"1\"\ntimes = [\"08:00\"]\n")
            == ["t.toml:2:1: medication.a: unknown key \"nmae\"; did you mean \"name\"?"])
    }

    /// Suggestions come only for near misses, and ties go to the longer shared prefix.
    @Test func suggestions() {
        #expect(KeySuggester.suggestion(for: "tmes", among: ConfigValidator.Keys.medication) == "times")
        #expect(KeySuggester.suggestion(for: "evry_day", among: ConfigValidator.Keys.medication) == "every_days")
        #expect(KeySuggester.suggestion(for: "of", among: ConfigValidator.Keys.cycle) == "off")
        #expect(KeySuggester.suggestion(for: "colour", among: ConfigValidator.Keys.settings) == nil)
        #expect(KeySuggester.editDistance("tiems", "times") == 1)
        #expect(KeySuggester.editDistance("", "abc") == 3)
    }

    /// Values quoted in messages keep the message on one line.
    @Test func quotedValuesStayOnOneLine() {
        #expect(ConfigValidator.quoted("a\"b\\c\nd\u{1}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
        #expect(messages("[settings]\ngrace = \"2\\nx\"\n") == ["t.toml:2:9: settings.grace: \"2\\nx\" is not a duration; write it like 45s, 10m, 2h, 1h30m or 1d"])
        #expect(messages("[medication.a]\n\"x\\ny\" = 1\n").contains { $0.contains("unknown key \"x\\ny\"") })
    }

    /// `expiry_warning` takes whole days from 1d to 365d (default 14d); `expires` a date, as a string or a TOML date.
    @Test func expiryWarningAndExpires() throws {
        for (written, days) in [("1d", 1), ("14d", 14), ("24h", 1), ("365d", 365)] {
            let configuration = try ConfigLoader.parse("[settings]\nexpiry_warning = \"\(written)\"\n", path: "t.toml").get()
            #expect(configuration.settings.expiryWarning == .days(Int64(days)), "\(written)")
        }
        for written in ["0", "0d", "366d", "1d12h", "90m"] {
            #expect(messages("[settings]\nexpiry_warning = \"\(written)\"\n")
                == ["t.toml:2:18: settings.expiry_warning: \"\(written)\" is not a whole number of days from 1d to 365d; write it like \"14d\""])
        }
        #expect(try ConfigLoader.parse("", path: "t.toml").get().settings.expiryWarning == .days(14))
        let med = "[medication.a]\nname = \"A\"\ndose = \"1\"\ntimes = [\"08:00\"]\n"
        for written in ["\"2027-03-01\"", "2027-03-01"] {
            let configuration = try ConfigLoader.parse(med + "expires = \(written)\n", path: "t.toml").get()
            #expect(configuration.medication("a")?.expires == LocalDate(year: 2027, month: 3, day: 1))
        }
        #expect(try ConfigLoader.parse(med, path: "t.toml").get().medication("a")?.expires == nil)
    }

    /// `effect`: one of three modes (default balanced); another word, or a number, is refused with the three.
    @Test func effectMode() throws {
        #expect(try ConfigLoader.parse("", path: "t.toml").get().settings.effect == .balanced)
        for mode in EffectMode.allCases {
            #expect(try ConfigLoader.parse("[settings]\neffect = \"\(mode.rawValue)\"\n", path: "t.toml").get().settings.effect == mode)
        }
        #expect(messages("[settings]\neffect = \"fast\"\n")
            == ["t.toml:2:10: settings.effect: \"fast\" is not an effect mode; use \"conservative\", \"balanced\" or \"aggressive\""])
        #expect(messages("[settings]\neffect = 2\n").first?.contains("\"conservative\", \"balanced\" or \"aggressive\"") == true)
    }
}
