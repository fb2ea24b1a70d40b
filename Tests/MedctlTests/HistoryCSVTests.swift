import Testing
@testable import medctl

/// `medctl history --format csv`: its columns, and a header alone for no doses.
@Suite struct HistoryCSVTests {
    @Test func historyColumns() {
        #expect(HistoryCSV.header == ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"])
        #expect(HistoryCSV.document([]) == "id,medication,name,dose,scheduled,state,answered_at,source,note\r\n")
    }
}
