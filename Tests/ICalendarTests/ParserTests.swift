import ICalendar
import MeddCore
import Testing

/// Reading calendar objects: the clients' samples, line ends, unfolding, names, parameters.
@Suite struct ParserTests {
    static let berlin = ICalendarDateTime.Zone.tzid("Europe/Berlin")

    static func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ zone: ICalendarDateTime.Zone) -> ICalendarDateTime {
        ICalendarDateTime(date: LocalDate(year: year, month: month, day: day)!, hour: hour, minute: minute, second: 0, zone: zone)!
    }

    /// Tasks.org through DAVx5: the dose's times in its zone, the folded description, tags, parent, alarm, VTIMEZONE.
    @Test func readsTasksOrgDose() throws {
        let calendar = try ICalendarParser.parse(Samples.tasksOrg)
        #expect(calendar.name == "VCALENDAR")
        #expect(calendar.components.map(\.name) == ["VTODO", "VTIMEZONE"])
        let todo = try #require(calendar.components(named: "vtodo").first)
        #expect(todo.line == 4)
        #expect(try todo.property("DUE")?.dateOrTime() == .dateTime(Self.dateTime(2026, 11, 22, 8, 0, Self.berlin)))
        #expect(try todo.property("COMPLETED")?.dateTime().instant == Instant(seconds: 1_795_331_698))
        #expect(try todo.property("DESCRIPTION")?.text()
            == "Mit dem Frühstück nehmen, nicht auf nüchternen Magen.\nmedd dose metformin_20261122_08_00 – Grüße aus der Küche")
        #expect(todo.property("DESCRIPTION")?.line == 10)
        #expect(todo.property("PRIORITY")?.line == 12)
        #expect(try todo.property("CATEGORIES")?.texts() == ["Medication", "Morgens"])
        #expect(try todo.property("PERCENT-COMPLETE")?.integer() == 100)
        #expect(todo.property("RELATED-TO")?.parameter("reltype") == ["PARENT"])
        #expect(todo.property("X-APPLE-SORT-ORDER")?.value == "690389711")
        #expect(todo.components.map(\.name) == ["VALARM"])
        let zone = calendar.components[1]
        #expect(zone.property("TZID")?.value == "Europe/Berlin")
        #expect(zone.components.map(\.name) == ["DAYLIGHT", "STANDARD"])
        #expect(zone.components[0].property("RRULE")?.value == "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
    }

    /// Thunderbird: VTIMEZONE first, Mozilla's X- properties, the alarm trigger's parameters in order.
    @Test func readsThunderbirdDose() throws {
        let calendar = try ICalendarParser.parse(Samples.thunderbird)
        #expect(calendar.components.map(\.name) == ["VTIMEZONE", "VTODO"])
        let todo = calendar.components[1]
        #expect(try todo.property("STATUS")?.text() == "IN-PROCESS")
        #expect(try todo.property("PERCENT-COMPLETE")?.integer() == 50)
        #expect(try todo.property("X-MOZ-SNOOZE-TIME-1795330800000000")?.dateTime().instant == Instant(seconds: 1_795_330_800 + 900))
        #expect(try todo.property("DUE")?.dateTime() == Self.dateTime(2026, 11, 22, 8, 0, Self.berlin))
        let trigger = try #require(todo.components.first?.property("TRIGGER"))
        #expect(trigger.parameters == [ICalendarParameter(name: "VALUE", value: "DURATION"), ICalendarParameter(name: "RELATED", value: "END")])
        #expect(trigger.value == "-PT15M")
    }

    /// Apple Reminders: a whole-day due date, and a structured location with quoted, comma-holding parameters.
    @Test func readsAppleReminder() throws {
        let todo = try #require(try ICalendarParser.parse(Samples.appleReminders).components.first)
        #expect(try todo.property("DUE")?.dateOrTime() == .date(LocalDate(year: 2026, month: 11, day: 22)!))
        #expect(todo.components.count == 2)
        #expect(try todo.components[0].property("TRIGGER")?.dateTime().instant == Instant(seconds: 1_795_330_800))
        let location = try #require(todo.components[1].property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(location.parameter("X-ADDRESS") == ["Hauptstraße 1, 10115 Berlin, Deutschland"])
        #expect(location.parameter("X-APPLE-RADIUS") == ["70.5"])
        #expect(location.parameter("X-TITLE") == ["Zuhause"])
        #expect(location.value == "geo:52.531200,13.384700")
        #expect(location.line == 32)
    }

    /// Python's caldav: bare LF line ends, a UTC due time, an escaped comma in a tag, a two-valued parameter.
    @Test func readsPythonCaldavTodo() throws {
        let todo = try #require(try ICalendarParser.parse(Samples.pythonCaldav).components.first)
        #expect(try todo.property("DUE")?.dateTime().instant == Instant(seconds: 1_795_374_000))
        #expect(try todo.property("CATEGORIES")?.texts() == ["medication", "evening", "pain, as needed"])
        #expect(todo.property("RELATED-TO")?.parameter("RELTYPE") == ["CHILD"])
        let attendee = try #require(todo.property("ATTENDEE"))
        #expect(attendee.parameter("CN") == ["Dr. Müller, Praxis"])
        #expect(attendee.parameter("DELEGATED-FROM") == ["mailto:a@example.org", "mailto:b@example.org"])
        #expect(attendee.value == "mailto:praxis@example.org")
        #expect(todo.property("X-MEDD-DOSE")?.value == "ibuprofen_20261122_20_00")
    }

    /// A fold may cut a UTF-8 sequence (folding counts octets): the pieces are joined before decoding.
    @Test func unfoldsAcrossAUTF8Sequence() throws {
        let pill = Array("💊".utf8)
        var bytes = Array("BEGIN:VCALENDAR\r\nSUMMARY:Gr".utf8) + [0xC3] + Array("\r\n ".utf8) + [0xBC] + Array("ße ".utf8)
        bytes += pill[0..<1] + Array("\n\t".utf8) + pill[1..<3] + Array("\r\n ".utf8) + pill[3...] + Array("\r\nEND:VCALENDAR\r\n".utf8)
        let calendar = try ICalendarParser.parse(bytes)
        #expect(try calendar.property("SUMMARY")?.text() == "Grüße 💊")
    }

    /// CRLF and LF may be mixed; the last line needs no line break; empty lines may end the input.
    @Test func lineEnds() throws {
        let expected = ICalendarComponent(name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", value: "2.0")])
        for text in ["BEGIN:VCALENDAR\nVERSION:2.0\r\nEND:VCALENDAR", "BEGIN:VCALENDAR\r\nVERSION:2.0\nEND:VCALENDAR\n\r\n\n"] {
            #expect(try ICalendarParser.parse(text) == expected)
        }
    }

    /// A byte-order mark before the first line is skipped.
    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try ICalendarParser.parse([0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)).name == "VCALENDAR")
    }

    /// Names of components, properties and parameters are case-insensitive and kept in upper case; values keep theirs.
    @Test func namesAreUppercased() throws {
        let calendar = try ICalendarParser.parse("begin:vCalendar\r\nx-Foo;tzId=Europe/Berlin:Some Value\r\nEnd:VCALENDAR\r\n")
        #expect(calendar == ICalendarComponent(name: "VCALENDAR", properties: [
            ICalendarProperty(name: "X-FOO", parameters: [ICalendarParameter(name: "TZID", value: "Europe/Berlin")], value: "Some Value"),
        ]))
    }

    /// Quoted values keep `:`, `;` and `,`; values may be empty; a value list mixes quoted and plain values.
    @Test func parameterValues() throws {
        let calendar = try ICalendarParser.parse("BEGIN:X\r\nP;A=\"a:b;c,d\",e,\"\";B=;C=\"tab\tand ümlaut\":v:w;x,y\r\nEND:X\r\n")
        let property = try #require(calendar.property("P"))
        #expect(property.parameters == [
            ICalendarParameter(name: "A", values: ["a:b;c,d", "e", ""]), ICalendarParameter(name: "B", value: ""),
            ICalendarParameter(name: "C", value: "tab\tand ümlaut"),
        ])
        #expect(property.value == "v:w;x,y")
    }

    /// Properties that follow a subcomponent still belong to their component.
    @Test func propertyAfterSubcomponent() throws {
        let calendar = try ICalendarParser.parse("BEGIN:VTODO\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nUID:1\r\nEND:VTODO\r\n")
        #expect(calendar.properties.map(\.name) == ["UID"])
        #expect(calendar.components.first?.properties.map(\.name) == ["ACTION"])
    }

    /// Where a property was read is no part of its equality, so read trees compare with made ones.
    @Test func lineIsNotCompared() throws {
        let read = try ICalendarParser.parse("BEGIN:A\r\nB:c\r\nEND:A")
        #expect(read.line == 1 && read.properties[0].line == 2)
        #expect(read == ICalendarComponent(name: "A", properties: [ICalendarProperty(name: "B", value: "c")]))
    }
}
