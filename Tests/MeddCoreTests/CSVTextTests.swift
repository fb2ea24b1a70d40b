import Testing
import MeddCore

/// RFC 4180 quoting, field by field and as whole records.
@Suite struct CSVTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("line\nbreak", "\"line\nbreak\""),
        ("carriage\rreturn", "\"carriage\rreturn\""),
        // One Character in Swift, two scalars: still quoted, and kept as CRLF.
        ("windows\r\nbreak", "\"windows\r\nbreak\""),
        ("semi;colon and tab\t", "semi;colon and tab\t"),
        ("Grüße — ½", "Grüße — ½"),
        (" leading space", " leading space"),
    ])
    func field(value: String, expected: String) {
        #expect(CSVText.record([value]) == expected + "\r\n")
        #expect(CSVText.record([value, value]) == expected + "," + expected + "\r\n")
    }

    @Test func recordsEndInCRLF() {
        let text = CSVText.document(header: ["id", "note"], rows: [["a", "x,y"], ["b", ""]])
        #expect(text == "id,note\r\na,\"x,y\"\r\nb,\r\n")
        var bytes: [UInt8] = []
        CSVText.append(["a", "x,y"], to: &bytes)
        CSVText.append(["b", ""], to: &bytes)
        #expect(bytes == Array("a,\"x,y\"\r\nb,\r\n".utf8))
    }

    /// What it writes, `CSVReader` reads back field for field.
    @Test func readBack() throws {
        let rows = [["id", "note"], ["a", "say \"hi\", then\r\nleave"], ["", "Grüße\n"]]
        let text = CSVText.document(header: rows[0], rows: Array(rows.dropFirst()))
        #expect(try CSVReader.records(text).get().map(\.fields) == rows)
    }
}
