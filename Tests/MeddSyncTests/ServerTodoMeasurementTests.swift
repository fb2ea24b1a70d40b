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
        // Without the times of its readings (a medd before them), it lists none for another machine.
        #expect(todo.meddReadings.isEmpty && !text.contains("X-MEDD-READING"))
    }

    /// Each reading with the time it was taken, read back as written, so another machine records the same
    /// readings at the same times; the first of them listed in the description is not a reading the person
    /// wrote, but one written above it is.
    @Test func readingsCarryTheirTimesToAnotherMachine() throws {
        var dose = LocalDose(id: DoseID(parsing: "bp_20261122_07_30")!, name: "Blood pressure", doseText: "", due: Instant(seconds: 1_795_329_000),
                             state: .measured, answeredAt: Instant(seconds: 1_795_329_075), source: .cli)
        dose.measurement = .bloodPressure
        dose.readings = ["142/88", "138/86/70"]
        dose.readingTimes = [Instant(seconds: 1_795_329_015), Instant(seconds: 1_795_329_075)]
        dose.unit = "mmHg"
        let rendering = TodoRendering(grace: .hours(2), people: [:], productVersion: "test")
        let text = rendering.text(for: dose, now: Instant(seconds: 1_795_329_100))
        #expect(text.contains("X-MEDD-READING:20261122T063015Z 142/88 mmHg\r\n") && text.contains("X-MEDD-READING:20261122T063115Z 138/86/70 mmHg\r\n"))
        let todo = try #require(ServerTodo(calendar: try ICalendarParser.parse(text)))
        #expect(todo.meddReadings == [ServerTodo.MeddReading(at: Instant(seconds: 1_795_329_015), value: "142/88", unit: "mmHg"),
                                      ServerTodo.MeddReading(at: Instant(seconds: 1_795_329_075), value: "138/86/70", unit: "mmHg")])
        #expect(todo.meddState == .measured && todo.writtenReading == nil)

        // Still open with one of two: a phone writes the second above the first.
        dose.state = .pending
        dose.readings = ["142/88"]
        dose.readingTimes = [Instant(seconds: 1_795_329_015)]
        var open = try #require(ServerTodo(calendar: try ICalendarParser.parse(rendering.text(for: dose, now: Instant(seconds: 1_795_329_100)))))
        #expect(open.writtenReading == nil)
        open.description = "139/85\n" + (open.description ?? "")
        #expect(open.writtenReading == "139/85")
        // A unit with a space is kept whole.
        #expect(ServerTodo.MeddReading(text: "20261122T063015Z 8000 steps a day") == ServerTodo.MeddReading(at: Instant(seconds: 1_795_329_015), value: "8000", unit: "steps a day"))
        #expect(ServerTodo.MeddReading(text: "yesterday 8000") == nil)
    }
}
