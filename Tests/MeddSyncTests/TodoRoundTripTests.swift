import ICalendar
import MeddCore
import MeddSync
import Testing

/// What medd-sync writes, it reads back as the same answer; what a phone changes, it reads as the phone's.
struct TodoRoundTripTests {
    static let rendering = TodoRendering(grace: .hours(2), people: ["mum": Person(id: "mum", name: "Mum")], productVersion: "0.8.0")

    static func read(_ text: String) throws -> ServerTodo {
        try #require(ServerTodo(calendar: try ICalendarParser.parse(text)))
    }

    /// Every field the contract names is in the to-do, and it reads back as written.
    @Test func takenDoseRoundTrip() throws {
        var dose = ReconcilerTests.dose(8, .taken, answeredAt: ReconcilerTests.dose(8).due + .minutes(4))
        dose.person = "mum"
        let text = Self.rendering.text(for: dose, now: ReconcilerTests.now)
        #expect(text.contains("UID:aspirin_20261122_08_00@medd\r\n"))
        #expect(text.contains("SUMMARY:Mum — Aspirin 100 mg\r\n"))
        #expect(text.contains("STATUS:COMPLETED\r\n"))
        #expect(text.contains("PERCENT-COMPLETE:100\r\n"))
        #expect(text.contains("DTSTART:20261122T080000Z\r\n"))
        #expect(text.contains("DUE:20261122T100000Z\r\n"))
        #expect(text.contains("TRIGGER;VALUE=DATE-TIME:20261122T080000Z\r\n"))
        #expect(text.contains("CATEGORIES:medd\r\n"))
        #expect(text.contains("X-MEDD-PERSON:mum\r\n"))
        let todo = try Self.read(text)
        #expect(todo.doseID == dose.id)
        #expect(todo.answer == Answer(kind: .taken, at: dose.due + .minutes(4)))
        #expect(todo.alarm == dose.due)
    }

    /// A snoozed dose's alarm rings at the snooze's end; skipped and missed doses are cancelled.
    @Test func snoozedSkippedMissed() throws {
        let due = ReconcilerTests.dose(8).due
        let snoozed = try Self.read(Self.rendering.text(for: ReconcilerTests.dose(8, .snoozed, snoozeUntil: due + .minutes(10)), now: due))
        #expect(snoozed.alarm == due + .minutes(10))
        #expect(snoozed.answer == nil)
        let skipped = try Self.read(Self.rendering.text(for: ReconcilerTests.dose(8, .skipped, answeredAt: due + .minutes(1)), now: due))
        #expect(skipped.status == .cancelled)
        #expect(skipped.answer == Answer(kind: .skipped, at: due + .minutes(1)))
        let missed = try Self.read(Self.rendering.text(for: ReconcilerTests.dose(8, .missed, answeredAt: due + .hours(2)), now: due))
        #expect(missed.answer == Answer(kind: .missed, at: due + .hours(2)))
    }

    /// A phone that marks medd's to-do done changes STATUS and COMPLETED only: the answer is its own.
    @Test func phoneEdits() throws {
        let due = ReconcilerTests.dose(8).due
        let written = Self.rendering.text(for: ReconcilerTests.dose(8, .pending), now: due)
        let completed = written.replacingFirst("STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261122T081500Z")
        #expect(try Self.read(completed).answer == Answer(kind: .taken, at: due + .minutes(15)))
        let cancelled = written.replacingFirst("STATUS:NEEDS-ACTION", with: "STATUS:CANCELLED\r\nLAST-MODIFIED:20261122T082000Z")
        #expect(try Self.read(cancelled).answer == Answer(kind: .skipped, at: due + .minutes(20)))
        let missed = Self.rendering.text(for: ReconcilerTests.dose(8, .missed, answeredAt: due + .hours(2)), now: due)
        let completedAfterMiss = missed.replacingFirst("STATUS:CANCELLED", with: "STATUS:COMPLETED\r\nCOMPLETED:20261122T101500Z")
        #expect(try Self.read(completedAfterMiss).answer == Answer(kind: .taken, at: due + .hours(2) + .minutes(15)))
    }

    /// Objects that are not medd's to-dos are not taken for doses.
    @Test func foreignObjects() throws {
        let foreign = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:shopping-123\r\nSUMMARY:Milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(ServerTodo(calendar: try ICalendarParser.parse(foreign)) == nil)
        let event = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:aspirin_20261122_08_00@medd\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(ServerTodo(calendar: try ICalendarParser.parse(event)) == nil)
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
