/// Calendar objects as the clients medd-sync meets write them, by hand after what each produces:
/// their PRODIDs, property order, X- properties, alarms, time zones, quoting and folding.
enum Samples {
    /// Tasks.org on Android, synchronised by DAVx5 (ical4j): a completed dose with a VTIMEZONE,
    /// a parent task, tags and a long folded description.
    static let tasksOrg = crlf("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:+//IDN tasks.org//android-130804//EN
        BEGIN:VTODO
        DTSTAMP:20261122T071502Z
        UID:5362189834185432731
        CREATED:20261120T180312Z
        LAST-MODIFIED:20261122T071458Z
        SUMMARY:Metformin 500 mg
        DESCRIPTION:Mit dem Frühstück nehmen\\, nicht auf nüchternen Magen.\\nmedd d
         ose metformin_20261122_08_00 – Grüße aus der Küche
        PRIORITY:9
        STATUS:COMPLETED
        COMPLETED:20261122T071458Z
        PERCENT-COMPLETE:100
        DUE;TZID=Europe/Berlin:20261122T080000
        DTSTART;TZID=Europe/Berlin:20261122T080000
        CATEGORIES:Medication,Morgens
        RELATED-TO;RELTYPE=PARENT:7b0c1f1e-5a8e-4f6e-9d61-2f0c4a1e9b33
        X-APPLE-SORT-ORDER:690389711
        BEGIN:VALARM
        TRIGGER;RELATED=END:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        END:VTODO
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        LAST-MODIFIED:20250424T074316Z
        X-LIC-LOCATION:Europe/Berlin
        BEGIN:DAYLIGHT
        TZNAME:CEST
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        END:DAYLIGHT
        BEGIN:STANDARD
        TZNAME:CET
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        END:STANDARD
        END:VTIMEZONE
        END:VCALENDAR

        """)

    /// Thunderbird: the VTIMEZONE first, a dose in progress, Mozilla's snooze and acknowledgement
    /// properties (a property name with digits in it), an alarm relative to the due time.
    static let thunderbird = crlf("""
        BEGIN:VCALENDAR
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
        VERSION:2.0
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        X-TZINFO:Europe/Berlin[2025b]
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        TZNAME:CEST
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        TZNAME:CET
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VTODO
        CREATED:20261120T180312Z
        LAST-MODIFIED:20261122T072233Z
        DTSTAMP:20261122T072233Z
        UID:metformin_20261122_08_00@medd
        SUMMARY:Metformin 500 mg
        STATUS:IN-PROCESS
        PERCENT-COMPLETE:50
        SEQUENCE:1
        X-MOZ-LASTACK:20261122T070012Z
        X-MOZ-GENERATION:3
        X-MOZ-SNOOZE-TIME-1795330800000000:20261122T071500Z
        DUE;TZID=Europe/Berlin:20261122T080000
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION;RELATED=END:-PT15M
        DESCRIPTION:Default Mozilla Description
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// Apple Reminders through iCloud: an all-day due date, a subtask link, a location alarm whose
    /// structured location has quoted parameter values with commas and a value full of colons.
    static let appleReminders = crlf("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 18.1//EN
        CALSCALE:GREGORIAN
        BEGIN:VTODO
        COMPLETED:20261122T071102Z
        CREATED:20261120T175901Z
        DTSTAMP:20261122T071105Z
        DTSTART;VALUE=DATE:20261122
        DUE;VALUE=DATE:20261122
        LAST-MODIFIED:20261122T071102Z
        PERCENT-COMPLETE:100
        PRIORITY:0
        RELATED-TO;RELTYPE=PARENT:E1A6C5D2-0B3F-4A8E-9C7D-6F5E4D3C2B1A
        SEQUENCE:0
        STATUS:COMPLETED
        SUMMARY:Vitamin D 1000 IE
        UID:9F1B1C3E-8E2B-4C5A-B7D4-0E3F8A6B2C11
        X-APPLE-SORT-ORDER:690384000
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER;VALUE=DATE-TIME:20261122T070000Z
        UID:0C4E6A0B-5E1F-4B6A-9A34-3C1D2E5F6A7B
        X-WR-ALARMUID:0C4E6A0B-5E1F-4B6A-9A34-3C1D2E5F6A7B
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER:-PT15M
        X-APPLE-PROXIMITY:ARRIVE
        X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Hauptstraße 1, 10115 Ber
         lin, Deutschland";X-APPLE-RADIUS=70.5;X-APPLE-REFERENCEFRAME=1;X-TITLE=Zuh
         ause:geo:52.531200,13.384700
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// Python's caldav package (icalendar underneath), from a script: bare LF line ends, a UTC due
    /// time, a child link, an attendee whose name needs quotes, and a multi-valued parameter.
    static let pythonCaldav = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//python-caldav//caldav//en_DK
        BEGIN:VTODO
        SUMMARY:Ibuprofen 400 mg
        DTSTAMP:20261122T190000Z
        DUE:20261122T190000Z
        UID:1f2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b@example.org
        STATUS:NEEDS-ACTION
        PERCENT-COMPLETE:0
        PRIORITY:5
        CATEGORIES:medication,evening,pain\\, as needed
        RELATED-TO;RELTYPE=CHILD:c0ffee00-1111-2222-3333-444455556666@example.org
        ATTENDEE;CN="Dr. Müller, Praxis";ROLE=REQ-PARTICIPANT;DELEGATED-FROM="mai
         lto:a@example.org","mailto:b@example.org":mailto:praxis@example.org
        X-MEDD-DOSE:ibuprofen_20261122_20_00
        END:VTODO
        END:VCALENDAR

        """

    static let all = [tasksOrg, thunderbird, appleReminders, pythonCaldav]

    /// `text` with every LF made CRLF, as servers send it.
    static func crlf(_ text: String) -> String { text.replacing("\n", with: "\r\n") }
}
