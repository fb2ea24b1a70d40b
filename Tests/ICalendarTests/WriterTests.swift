import ICalendar
import MeddCore
import Testing

/// Writing trees: CRLF, upper-case names, quoting, folding by octets, and reading back the same tree.
@Suite struct WriterTests {
    /// A dose as medd-sync would store it: a VTODO with an alarm, in a zone described by a VTIMEZONE.
    static let dose = ICalendarComponent(name: "VCALENDAR", properties: [
        ICalendarProperty(name: "VERSION", value: "2.0"),
        ICalendarProperty(name: "PRODID", value: "-//medd//medd-sync 0.8.0//EN"),
    ], components: [
        ICalendarComponent(name: "VTODO", properties: [
            ICalendarProperty(name: "UID", text: "metformin_20261122_08_00@medd"),
            ICalendarProperty(name: "DTSTAMP", dateTime: ICalendarDateTime(utc: Instant(seconds: 1_795_334_400))),
            ICalendarProperty(name: "DUE", dateTime: ICalendarDateTime(parsing: "20261122T080000", tzid: "Europe/Berlin")!),
            ICalendarProperty(name: "SUMMARY", text: "Metformin, XR 500 mg"),
            ICalendarProperty(name: "DESCRIPTION", text: "Mit dem Frühstück; nicht nüchtern.\nDose ID: metformin_20261122_08_00 💊💊💊 — Grüße"),
            ICalendarProperty(name: "RELATED-TO", parameters: [ICalendarParameter(name: "RELTYPE", value: "PARENT")], value: "metformin@medd"),
            ICalendarProperty(name: "X-MEDD-STATE", parameters: [ICalendarParameter(name: "X-NOTE", values: ["a:b", "c;d", "e,f", "plain", ""])], value: "planned"),
        ], components: [
            ICalendarComponent(name: "VALARM", properties: [
                ICalendarProperty(name: "ACTION", value: "DISPLAY"),
                ICalendarProperty(name: "TRIGGER", parameters: [ICalendarParameter(name: "RELATED", value: "END")], value: "PT0S"),
            ]),
        ]),
        ICalendarComponent(name: "VTIMEZONE", properties: [ICalendarProperty(name: "TZID", value: "Europe/Berlin")], components: [
            ICalendarComponent(name: "STANDARD", properties: [
                ICalendarProperty(name: "DTSTART", value: "19701025T030000"),
                ICalendarProperty(name: "RRULE", value: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
            ]),
        ]),
    ])

    /// The text as its physical lines, each checked to end with CRLF.
    static func physicalLines(_ text: String) -> [[UInt8]] {
        let pieces = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false)
        #expect(pieces.last?.isEmpty == true)
        return pieces.dropLast().map { line in
            #expect(line.last == 13)
            return Array(line.dropLast())
        }
    }

    /// BEGIN and END around each component, names in upper case, every line ended with CRLF.
    @Test func writesComponents() throws {
        let tree = ICalendarComponent(name: "vcalendar", properties: [ICalendarProperty(name: "version", value: "2.0")], components: [
            ICalendarComponent(name: "vtodo", properties: [
                ICalendarProperty(name: "x-Medd", parameters: [ICalendarParameter(name: "x-a", value: "Mixed Case")], value: "Value"),
            ]),
        ])
        #expect(try ICalendarWriter.text(of: tree)
            == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nX-MEDD;X-A=Mixed Case:Value\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    }

    /// A parameter value is quoted when it holds `:`, `;` or `,`, and only then.
    @Test func quotesParameterValues() throws {
        let property = ICalendarProperty(name: "ATTENDEE", parameters: [
            ICalendarParameter(name: "CN", value: "Dr. Müller, Praxis"), ICalendarParameter(name: "ROLE", value: "REQ-PARTICIPANT"),
            ICalendarParameter(name: "DELEGATED-FROM", values: ["mailto:a@example.org", "b"]), ICalendarParameter(name: "X-EMPTY", value: ""),
        ], value: "mailto:praxis@example.org")
        #expect(try ICalendarWriter.contentLine(of: property)
            == "ATTENDEE;CN=\"Dr. Müller, Praxis\";ROLE=REQ-PARTICIPANT;DELEGATED-FROM=\"mailto:a@example.org\",b;X-EMPTY=:mailto:praxis@example.org")
    }

    /// Long lines fold at 75 octets at most, never inside a UTF-8 sequence, and read back whole.
    @Test(arguments: ["ü", "€", "💊", "x"])
    func folding(character: String) throws {
        for prefix in 0..<4 {
            let text = String(repeating: "x", count: prefix) + String(repeating: character, count: 120)
            let tree = ICalendarComponent(name: "VTODO", properties: [ICalendarProperty(name: "SUMMARY", text: text)])
            let written = try ICalendarWriter.text(of: tree)
            for line in Self.physicalLines(written) {
                #expect(line.count <= 75)
                #expect(String(validating: line, as: UTF8.self) != nil)
            }
            #expect(try ICalendarParser.parse(written) == tree)
        }
    }

    /// A tree made in code reads back equal to itself.
    @Test func madeTreeRoundTrips() throws {
        let text = try ICalendarWriter.text(of: Self.dose)
        #expect(try ICalendarParser.parse(text) == Self.dose)
        #expect(text.contains("X-MEDD-STATE;X-NOTE=\"a:b\",\"c;d\",\"e,f\",plain,:planned\r\n"))
    }

    /// The clients' samples read, write and read again to the same tree; writing it again gives the same text.
    @Test(arguments: Samples.all)
    func samplesRoundTrip(sample: String) throws {
        let tree = try ICalendarParser.parse(sample)
        let text = try ICalendarWriter.text(of: tree)
        let again = try ICalendarParser.parse(text)
        #expect(again == tree)
        #expect(try ICalendarWriter.text(of: again) == text)
    }

    /// Random trees, with every character that needs quoting, escaping or folding care, read back equal.
    @Test func randomTreesRoundTrip() throws {
        var generator = Xorshift64Star(seed: 0x5545)
        for _ in 0..<300 {
            let tree = RandomTree.component(depth: 3, using: &generator)
            #expect(try ICalendarParser.parse(ICalendarWriter.text(of: tree)) == tree)
        }
    }

    /// What could not be read back the same is refused rather than written.
    @Test func unwritable() {
        func text(_ properties: [ICalendarProperty], name: String = "VTODO") throws(ICalendarError) -> String {
            try ICalendarWriter.text(of: ICalendarComponent(name: name, properties: properties))
        }
        #expect(throws: ICalendarError.unwritableName("V TODO")) { try text([], name: "V TODO") }
        #expect(throws: ICalendarError.unwritableName("")) { try text([], name: "") }
        #expect(throws: ICalendarError.unwritableName("end")) { try text([ICalendarProperty(name: "end", value: "VTODO")]) }
        #expect(throws: ICalendarError.unwritableName("X;Y")) {
            try text([ICalendarProperty(name: "X", parameters: [ICalendarParameter(name: "X;Y", value: "1")], value: "")])
        }
        #expect(throws: ICalendarError.unwritableParameter(property: "X", parameter: "A")) {
            try text([ICalendarProperty(name: "x", parameters: [ICalendarParameter(name: "a", value: "say \"hi\"")], value: "")])
        }
        #expect(throws: ICalendarError.unwritableParameter(property: "X", parameter: "A")) {
            try text([ICalendarProperty(name: "X", parameters: [ICalendarParameter(name: "A", values: [])], value: "")])
        }
        #expect(throws: ICalendarError.unwritableValue(property: "SUMMARY", found: "U+000A")) {
            try text([ICalendarProperty(name: "SUMMARY", value: "two\nlines")])
        }
        #expect(ICalendarError.unwritableName("a\nb").description.contains("\"a\\nb\""))
    }
}

/// Random trees for the round trip: names, parameter values and values drawn from pieces that
/// exercise quoting, escaping and folding.
private enum RandomTree {
    static let pieces = ["a", "Z", "0", " ", "\t", ":", ";", ",", "=", "\\", "'", "^", "ü", "€", "💊", "é", "\u{301}", "\u{FEFF}"]
    static let nameBytes = Array("ABCXYZ019-".utf8)

    static func component(depth: Int, using generator: inout Xorshift64Star) -> ICalendarComponent {
        let properties = (0..<Int.random(in: 0...5, using: &generator)).map { _ in property(using: &generator) }
        let children = depth == 0 ? [] : (0..<Int.random(in: 0...2, using: &generator)).map { _ in
            component(depth: depth - 1, using: &generator)
        }
        return ICalendarComponent(name: name(using: &generator), properties: properties, components: children)
    }

    static func property(using generator: inout Xorshift64Star) -> ICalendarProperty {
        var parameters: [ICalendarParameter] = []
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let parameterName = name(using: &generator)
            guard !parameters.contains(where: { $0.name == parameterName }) else { continue }
            let values = (0..<Int.random(in: 1...3, using: &generator)).map { _ in text(upTo: 8, using: &generator) }
            parameters.append(ICalendarParameter(name: parameterName, values: values))
        }
        var propertyName = name(using: &generator)
        if propertyName == "BEGIN" || propertyName == "END" { propertyName = "X-" + propertyName }
        return ICalendarProperty(name: propertyName, parameters: parameters, value: text(upTo: 120, using: &generator) + "\"")
    }

    static func name(using generator: inout Xorshift64Star) -> String {
        String(decoding: (0..<Int.random(in: 1...12, using: &generator)).map { _ in nameBytes.randomElement(using: &generator)! }, as: UTF8.self)
    }

    static func text(upTo count: Int, using generator: inout Xorshift64Star) -> String {
        (0..<Int.random(in: 0...count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
}
