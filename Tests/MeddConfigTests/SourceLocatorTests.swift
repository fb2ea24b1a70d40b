@testable import MeddConfig
import MeddCore
import Testing

/// The locator finds keys and values in a parsed document, however the text writes them.
struct SourceLocatorTests {
    private func at(_ text: String, _ path: String, _ anchor: SourceLocator.Anchor = .key) -> String {
        guard case .success(let document) = TOMLReader.read(text) else { return "not TOML" }
        return SourceLocator(document: document).position(of: path, anchor: anchor).description
    }

    /// Whether the text is TOML (validation errors are fine, syntax errors are not).
    private func isValidTOML(_ text: String) -> Bool {
        if case .success = TOMLReader.read(text) { return true }
        return false
    }

    /// `=`, `#` and `[` inside strings are text, not syntax.
    @Test func punctuationInsideStrings() {
        let text = """
            [medication.a]
            name = "x = [y] # z"
            dose = 'a#b[c]'
            notes = "say \\"hi\\" = [" # comment with = and [
            times = ["08:00", "[09:00]"] # [medication.fake]
            """
        #expect(isValidTOML(text))
        #expect(at(text, "medication.a.dose") == "3:1")
        #expect(at(text, "medication.a.notes", .value) == "4:9")
        #expect(at(text, "medication.a.times") == "5:1")
        #expect(at(text, "medication.a.times[1]", .value) == "5:19")
        #expect(at(text, "medication.fake") == "1:2")
    }

    /// Elements of a multi-line array with comments and a trailing comma are found on their own lines.
    @Test func multiLineArray() {
        let text = """
            [medication.a]
            times = [
              "08:00",  # breakfast, [not a table]
              # "12:00",
                "20:00",
            ]
            dose = "1"
            """
        #expect(isValidTOML(text))
        #expect(at(text, "medication.a.times[0]", .value) == "3:3")
        #expect(at(text, "medication.a.times[1]", .value) == "5:5")
        #expect(at(text, "medication.a.dose") == "7:1")
    }

    /// Keys and values inside inline tables, also nested in arrays.
    @Test func inlineTables() {
        let text = """
            medication.a = { name = "A", cycle = { on = 21, off = 7 } }
            hook = [ { on = ["fired"], exec = ["/bin/true"] }, { on = ["taken"], exec = "x" } ]
            """
        #expect(isValidTOML(text))
        #expect(at(text, "medication.a") == "1:12")
        #expect(at(text, "medication.a.cycle.off") == "1:49")
        #expect(at(text, "medication.a.cycle.off", .value) == "1:55")
        #expect(at(text, "hook[1]", .value) == "2:52")
        #expect(at(text, "hook[1].exec", .value) == "2:77")
        #expect(at(text, "hook[0].exec[0]", .value) == "2:36")
    }

    /// Dotted keys, quoted keys and dotted table headers resolve to the same paths.
    @Test func dottedAndQuotedKeys() throws {
        let text = """
            [medication."vitamin d"]
            cycle.on = 5
            cycle . "off" = 2
            "a.b" = 1
            'lit' = 2
            [ medication . c ]
            name = "C"
            """
        #expect(isValidTOML(text))
        #expect(at(text, "medication.\"vitamin d\"") == "1:13")
        #expect(at(text, "medication.\"vitamin d\".cycle") == "2:1")
        #expect(at(text, "medication.\"vitamin d\".cycle.on") == "2:7")
        #expect(at(text, "medication.\"vitamin d\".cycle.off") == "3:9")
        let document = try #require(try? TOMLReader.read(text).get())
        #expect(SourceLocator(document: document).position(of: ConfigPath([.key("medication"), .key("vitamin d"), .key("a.b")])).description == "4:1")
        #expect(at(text, "medication.\"vitamin d\".lit") == "5:1")
        #expect(at(text, "medication.c.name") == "7:1")
        #expect(at(text, "medication.c") == "6:16")
    }

    /// Each `[[hook]]` header starts a new element; keys below it belong to that element.
    @Test func arrayOfTables() {
        let text = """
            [[hook]]
            on = ["fired"]

            [[hook]]
            on = ["missed"]
            exec = ["/bin/true"]
            [hook.extra]
            x = 1
            """
        #expect(isValidTOML(text))
        #expect(at(text, "hook[0].on") == "2:1")
        #expect(at(text, "hook[1]") == "4:3")
        #expect(at(text, "hook[1].exec[0]", .value) == "6:9")
        #expect(at(text, "hook[1].extra.x") == "8:1")
    }

    /// Multi-line strings may hold anything that looks like TOML, including quotes before the closing delimiter.
    @Test func multiLineStrings() {
        let text = #"""
            z = 0
            a = """
            b = 1
            [fake]
            ""quoted"""""
            c = '''
            d = 2 ''\'''
            e = '''x''''
            f = 3
            """#
        #expect(isValidTOML(text))
        #expect(at(text, "a", .value) == "2:5")
        #expect(at(text, "b") == "1:1")
        #expect(at(text, "fake") == "1:1")
        #expect(at(text, "c") == "6:1")
        #expect(at(text, "d") == "1:1")
        #expect(at(text, "e") == "8:1")
        #expect(at(text, "f") == "9:1")
    }

    /// Nested arrays get one index per level.
    @Test func nestedArrays() {
        let text = "a = [[1, 2], [3, [4, 5]]]\n"
        #expect(isValidTOML(text))
        #expect(at(text, "a[1][0]", .value) == "1:15")
        #expect(at(text, "a[1][1][1]", .value) == "1:22")
    }

    /// A path that is not written anywhere falls back to its nearest written parent, then to 1:1.
    @Test func fallbackToEnclosingKey() {
        let text = "\n[medication.a]\nname = \"A\"\n"
        #expect(at(text, "medication.a.dose") == "2:13")
        #expect(at(text, "medication.a.times[3]", .value) == "2:13")
        #expect(at(text, "settings.grace") == "1:1")
        #expect(at(text, "") == "1:1")
    }

    /// Columns count Unicode scalars; CRLF line ends count as one line break; a byte-order mark takes no column.
    @Test func columnsAndLineEnds() {
        #expect(at("a = \"é😀\"\r\nb = [1, 2]\r\n", "b[1]", .value) == "2:9")
        #expect(at("x = \"é😀\" # 😀\ny = [1, \"é😀\", 3]\n", "y[2]", .value) == "2:15")
        #expect(at("\u{FEFF}a = 1\n", "a") == "1:1")
        #expect(at("\u{FEFF}a = 1\n", "a", .value) == "1:5")
        #expect(at("s = \"\"\"\né\r\n😀\"\"\"\nt = 1", "t") == "4:1")
    }

    /// Paths print the way TOML writes keys and read back the same.
    @Test func pathDisplayRoundTrips() {
        let path = ConfigPath([.key("medication"), .key("vitamin d"), .key("times"), .index(2)])
        #expect(path.description == "medication.\"vitamin d\".times[2]")
        #expect(ConfigPath(parsing: path.description) == path)
        #expect(ConfigPath(parsing: "hook[0].exec") == ConfigPath([.key("hook"), .index(0), .key("exec")]))
        #expect(ConfigPath.root.description == "")
    }

    /// Every position a document holds, checked against the text: line and column inside it.
    @Test func positionsOfAWholeDocumentAreInsideTheText() throws {
        let text = try Fixtures.text("valid", "reference.toml")
        let document = try #require(try? TOMLReader.read(text).get())
        let lengths = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.unicodeScalars.count }
        var count = 0
        func check(_ position: SourcePosition) {
            count += 1
            #expect(position.line >= 1 && position.line <= lengths.count && position.column >= 1 && position.column <= lengths[position.line - 1])
        }
        func walk(_ value: TOMLValue) {
            check(value.position)
            value.array?.forEach(walk)
            value.table?.entries.forEach { entry in
                check(entry.keyPosition)
                walk(entry.value)
            }
        }
        document.entries.forEach { check($0.keyPosition); walk($0.value) }
        #expect(count > 100)
    }
}
