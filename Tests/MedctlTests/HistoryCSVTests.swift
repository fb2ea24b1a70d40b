import MeddControl
import MeddCore
import Testing
@testable import medctl

/// `medctl history --format csv`: its columns, a header alone for no doses, and each record written from
/// the bytes of the daemon's reply as it would be from the dose's `DoseRow`.
@Suite struct HistoryCSVTests {
    @Test func historyColumns() {
        #expect(HistoryCSV.header == ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"])
        #expect(HistoryCSV.document([]) == "id,medication,name,dose,scheduled,state,answered_at,source,note\r\n")
    }

    @Test func recordsFromTheReplyAreThoseOfTheRows() throws {
        let reply = #"""
            {"parameters":{"doses":[
              {"answeredAt":"2026-11-22T08:14:00+01:00","answeredUsec":1795331640000000,"dose":"1 tablet","id":"aspirin_20261122_08_00",
               "medication":"aspirin","name":"Aspirin","scheduled":"2026-11-22T08:00:00+01:00","source":"desktop","state":"taken","usec":1795330800000000},
              {"dose":"500 mg, with food","id":"met_20261122_20_00","medication":"met","name":"Met \"XR\"","note":"line one\r\nline two, \u00e9",
               "scheduled":"2026-11-22T20:00:00+01:00","state":"missed","usec":1795374000000000},
              {"answeredAt":"2026-11-22T07:31:00+01:00","dose":"","id":"bp_20261122_07_30","measurement":"bloodPressure","medication":"bp",
               "name":"Blood pressure","readings":["120/80"],"scheduled":"2026-11-22T07:30:00+01:00","source":"cli","state":"measured",
               "unit":"mmHg","usec":1795329000000000},
              {"dose":"5 ml","id":"drops_20261122_09_00","medication":"drops","scheduled":"2026-11-22T09:00:00+01:00","state":"skipped","usec":1795334400000000}
            ]}}
            """#
        var fromBytes: [UInt8] = []
        CSVText.append(HistoryCSV.header, to: &fromBytes)
        var rows: [DoseRow] = []
        _ = try JSONParser.parse(Array(reply.utf8), streaming: ["parameters", "doses"]) { dose in
            HistoryCSV.appendRecord(dose, to: &fromBytes)
            if let row = DoseRow(dose.value) { rows.append(row) }
        }
        #expect(rows.count == 4)
        let document = HistoryCSV.document(rows)
        #expect(String(decoding: fromBytes, as: UTF8.self) == document)
        #expect(document.contains("\"Met \"\"XR\"\"\""))
        #expect(document.contains("drops_20261122_09_00,drops,drops,5 ml"))
    }
}
