import ICalendar
import MeddCore
import MeddSync
import MeddTestSupport
import Testing

/// What medd-sync writes, it reads back as the same answer; what a phone changes, it reads as the phone's.
struct TodoRoundTripTests {
    static let rendering = TodoRendering(grace: .hours(2), people: ["mum": Person(id: "mum", name: "Mum")], productVersion: "0.8.0")

    static func read(_ text: String) throws -> ServerTodo {
        try #require(ServerTodo(calendar: try ICalendarParser.parse(text)))
    }

    /// Zones from the system's tz database; the medication's own zone is Berlin's.
    static let times = ClientTimes(zoneNamed: { try? SystemZone.database.rules(named: $0) },
                                   medicationZone: { _ in SystemZone.named("Europe/Berlin") })
    static let seenAt = Instant(seconds: 1_795_400_000)

    /// The answer as medd-sync reads it, with nothing of its own written before.
    static func answer(_ text: String, ownStamp: Instant? = nil) throws -> Answer? {
        try read(text).answer(times: times, ownStamp: ownStamp, seenAt: seenAt)
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
        #expect(todo.answer(times: Self.times, ownStamp: nil, seenAt: Self.seenAt) == Answer(kind: .taken, at: dose.due + .minutes(4)))
        #expect(text.contains("X-MEDD-ANSWERED-AT:20261122T080400Z\r\n"))
        #expect(text.contains("X-MEDD-STAMP:20261122T070000Z\r\n"))
        #expect(todo.alarm == dose.due)
    }

    /// A snoozed dose's alarm rings at the snooze's end; skipped and missed doses are cancelled.
    @Test func snoozedSkippedMissed() throws {
        let due = ReconcilerTests.dose(8).due
        let snoozed = try Self.read(Self.rendering.text(for: ReconcilerTests.dose(8, .snoozed, snoozeUntil: due + .minutes(10)), now: due))
        #expect(snoozed.alarm == due + .minutes(10))
        #expect(snoozed.answer(times: Self.times, ownStamp: nil, seenAt: Self.seenAt) == nil)
        let skipped = try Self.read(Self.rendering.text(for: ReconcilerTests.dose(8, .skipped, answeredAt: due + .minutes(1)), now: due))
        #expect(skipped.status == .cancelled)
        #expect(skipped.answer(times: Self.times, ownStamp: nil, seenAt: Self.seenAt) == Answer(kind: .skipped, at: due + .minutes(1)))
        let missed = try Self.read(Self.rendering.text(for: ReconcilerTests.dose(8, .missed, answeredAt: due + .hours(2)), now: due))
        #expect(missed.answer(times: Self.times, ownStamp: nil, seenAt: Self.seenAt) == Answer(kind: .missed, at: due + .hours(2)))
    }

    /// A phone that marks medd's to-do done changes STATUS and COMPLETED only: the answer is its own.
    @Test func phoneEdits() throws {
        let due = ReconcilerTests.dose(8).due
        let written = Self.rendering.text(for: ReconcilerTests.dose(8, .pending), now: due)
        let completed = written.replacingFirst("STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261122T081500Z")
        #expect(try Self.answer(completed) == Answer(kind: .taken, at: due + .minutes(15)))
        let cancelled = written.replacingFirst("STATUS:NEEDS-ACTION", with: "STATUS:CANCELLED\r\nLAST-MODIFIED:20261122T082000Z")
        #expect(try Self.answer(cancelled) == Answer(kind: .skipped, at: due + .minutes(20)))
        let missed = Self.rendering.text(for: ReconcilerTests.dose(8, .missed, answeredAt: due + .hours(2)), now: due)
        let completedAfterMiss = missed.replacingFirst("STATUS:CANCELLED", with: "STATUS:COMPLETED\r\nCOMPLETED:20261122T101500Z")
        #expect(try Self.answer(completedAfterMiss) == Answer(kind: .taken, at: due + .hours(2) + .minutes(15)))
    }

    /// Each way a client says a dose was done, and the time medd-sync reads from it; never a time
    /// medd-sync wrote itself (its DTSTAMP, beside X-MEDD-STAMP, or the last it wrote when the client
    /// dropped the X- properties).
    @Test func clientForms() throws {
        let due = ReconcilerTests.dose(8).due  // 08:00Z
        let written = Self.rendering.text(for: ReconcilerTests.dose(8, .pending), now: due - .minutes(1))
        let taken = { (seconds: Int64) in Answer(kind: .taken, at: due + TimeSpan(seconds: seconds)) }
        func form(_ replacement: String, from text: String = written) throws -> Answer? {
            try Self.answer(text.replacingFirst("STATUS:NEEDS-ACTION\r\n", with: replacement))
        }
        #expect(try form("STATUS:COMPLETED\r\nCOMPLETED:20261122T080020Z\r\n") == taken(20))
        #expect(try form("STATUS:COMPLETED\r\nCOMPLETED;TZID=Europe/Berlin:20261122T090021\r\n") == taken(21))
        #expect(try form("STATUS:COMPLETED\r\nCOMPLETED;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261122T090022\r\n") == taken(22))
        #expect(try form("STATUS:COMPLETED\r\nCOMPLETED:20261122T090023\r\n") == taken(23), "floating: the medication's zone")
        #expect(try form("STATUS:COMPLETED\r\nCOMPLETED;TZID=Europe/Berlin:20261122T080023Z\r\n") == taken(23), "as Radicale stores it")
        #expect(try form("STATUS:COMPLETED\r\nLAST-MODIFIED:20261122T080024Z\r\n") == taken(24))
        #expect(try form("PERCENT-COMPLETE:100\r\nLAST-MODIFIED:20261122T080025Z\r\n") == taken(25))
        #expect(try form("COMPLETED:20261122T080026Z\r\n") == taken(26), "COMPLETED without STATUS")
        #expect(try form("STATUS:NEEDS-ACTION\r\nPERCENT-COMPLETE:100\r\nCOMPLETED:20261122T080027Z\r\n") == taken(27))
        #expect(try form("STATUS:COMPLETED\r\n") == Answer(kind: .taken, at: Self.seenAt), "nothing said: when first seen, not DTSTAMP")
        #expect(try form("STATUS:CANCELLED\r\nLAST-MODIFIED:20261122T080028Z\r\n") == Answer(kind: .skipped, at: due + TimeSpan(seconds: 28)))
        #expect(try form("STATUS:NEEDS-ACTION\r\nPERCENT-COMPLETE:40\r\n") == nil)
        // A client that wrote a DTSTAMP of its own: its time, unless it is medd-sync's.
        let restamped = written.replacingFirst("DTSTAMP:20261122T075900Z", with: "DTSTAMP:20261122T080029Z")
        #expect(try form("STATUS:COMPLETED\r\n", from: restamped) == taken(29))
        // X- properties dropped: a DTSTAMP still medd-sync's last is not the client's.
        let bare = written.split(separator: "\r\n").filter { !$0.hasPrefix("X-MEDD-") }.joined(separator: "\r\n") + "\r\n"
        let dropped = bare.replacingFirst("STATUS:NEEDS-ACTION\r\n", with: "STATUS:COMPLETED\r\n")
        #expect(try Self.answer(dropped, ownStamp: due - .minutes(1)) == Answer(kind: .taken, at: Self.seenAt))
        #expect(try Self.answer(dropped.replacingFirst("STATUS:COMPLETED\r\n", with: "STATUS:COMPLETED\r\nCOMPLETED:20261122T080030Z\r\n"),
                                ownStamp: due - .minutes(1)) == taken(30))
        // An unknown TZID says nothing: the next time in the order is used.
        #expect(try form("STATUS:COMPLETED\r\nCOMPLETED;TZID=Mars/Olympus:20261122T090031\r\nLAST-MODIFIED:20261122T080032Z\r\n") == taken(32))
    }

    /// What medd-sync writes of the answers before the one that stands reads back as written.
    @Test func replacedAnswersRoundTrip() throws {
        let due = ReconcilerTests.dose(8).due
        let earlier = [Answer(kind: .skipped, at: due + TimeSpan(seconds: 18)), Answer(kind: .taken, at: due + TimeSpan(seconds: 2))]
        let text = Self.rendering.text(for: ReconcilerTests.dose(8, .taken, answeredAt: due + TimeSpan(seconds: 20)), now: due,
                                       extras: TodoRendering.Extras(replaced: earlier, notice: "why, in words"))
        #expect(text.contains("X-MEDD-REPLACED:skipped 20261122T080018Z\r\n"))
        #expect(text.contains("DESCRIPTION:why\\, in words\r\n"))
        #expect(try Self.read(text).earlierAnswers == earlier)
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
