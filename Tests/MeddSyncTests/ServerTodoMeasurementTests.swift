import ICalendar
import MeddCore
import Testing
@testable import MeddSync

/// What a phone writes on a reminder to measure: the reading on the first line of the description.
@Suite struct ServerTodoMeasurementTests {
    static func todo(description: String?) -> ServerTodo {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:bp_20261122_07_30@medd\r\nSTATUS:COMPLETED\r\n"
        if let description { text += "DESCRIPTION:\(description)\r\n" }
        text += "END:VTODO\r\nEND:VCALENDAR\r\n"
        return ServerTodo(calendar: try! ICalendarParser.parse(text))!
    }

    @Test(arguments: [
        ("128/80", "128/80"), ("  128/80/70  \\nafter the walk", "128/80/70"), ("5,6", "5.6"), ("72.5", "72.5"), ("-3", "-3"),
        ("128/80 mmHg\\n126/79/70 mmHg", "128/80"), ("5,6 mmol/L", "5.6"),
        ("felt dizzy", nil), ("", nil),
    ] as [(String, String?)])
    func theFirstLineIsTheReading(description: String, reading: String?) {
        #expect(Self.todo(description: description).writtenReading == reading)
    }

    @Test func noDescriptionAndMeddSyncsOwnHintAreNoReading() {
        #expect(Self.todo(description: nil).writtenReading == nil)
        let hint = TodoRendering.measureHint(for: .pending)!.replacingText(",", with: "\\,")
        #expect(Self.todo(description: hint).writtenReading == nil)
    }

    @Test func aMeasuredReminderIsACompletedTodoWithItsReadings() throws {
        var dose = LocalDose(id: DoseID(parsing: "bp_20261122_07_30")!, name: "Blood pressure", doseText: "", due: Instant(seconds: 1_795_329_000),
                             state: .measured, answeredAt: Instant(seconds: 1_795_329_060), source: .cli)
        dose.measurement = .bloodPressure
        dose.readings = ["128/80", "126/79/70"]
        dose.unit = "mmHg"
        let text = TodoRendering(grace: .hours(2), people: [:], productVersion: "test").text(for: dose, now: Instant(seconds: 1_795_329_100))
        let todo = try #require(ServerTodo(calendar: try ICalendarParser.parse(text)))
        #expect(todo.status == .completed && todo.description == "128/80 mmHg\n126/79/70 mmHg")
        #expect(text.contains("X-MEDD-MEASUREMENT:blood_pressure") && text.contains("COMPLETED:20261122T063100Z"))
        #expect(dose.answer == Answer(kind: .taken, at: Instant(seconds: 1_795_329_060)))
    }
}
