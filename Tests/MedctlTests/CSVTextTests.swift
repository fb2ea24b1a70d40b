import Testing
@testable import medctl

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
        #expect(CSVText.field(value) == expected)
    }

    @Test func recordsEndInCRLF() {
        let text = CSVText.document(header: ["id", "note"], rows: [["a", "x,y"], ["b", ""]])
        #expect(text == "id,note\r\na,\"x,y\"\r\nb,\r\n")
    }

    @Test func historyColumns() {
        #expect(HistoryCSV.header == ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"])
        #expect(HistoryCSV.document([]) == "id,medication,name,dose,scheduled,state,answered_at,source,note\r\n")
    }
}
