import ICalendar
import Testing

/// Every reading error, with the line it names and the message it gives.
@Suite struct ErrorTests {
    /// `lines` joined with CRLF, inside a VCALENDAR whose BEGIN is line 1.
    static func calendar(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static let cases: [(String, ICalendarError)] = [
        ("", .noComponent),
        ("\r\n\n", .noComponent),
        ("BEGIN:VCALENDAR\rEND:VCALENDAR\r\n", .strayCarriageReturn(line: 1)),
        (calendar("VERSION:2.0\r"), .strayCarriageReturn(line: 2)),
        ("BEGIN:VCALENDAR\r\n\r\nEND:VCALENDAR\r\n", .emptyLine(line: 2)),
        ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n\r\n X\r\n", .emptyLine(line: 3)),
        (" BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", .continuationWithoutLine(line: 1)),
        (calendar("SUM@MARY:x"), .invalidPropertyName(line: 2, name: "SUM", found: "\"@\"")),
        (calendar("SUMMÄRY:x"), .invalidPropertyName(line: 2, name: "SUMM", found: "\"Ä\"")),
        (calendar(":x"), .invalidPropertyName(line: 2, name: "", found: "\":\"")),
        (calendar("SUMMARY x:y"), .invalidPropertyName(line: 2, name: "SUMMARY", found: "\" \"")),
        (calendar("SUMMARY"), .missingColon(line: 2, property: "SUMMARY")),
        (calendar("DUE;TZID=Europe/Berlin"), .missingColon(line: 2, property: "DUE")),
        (calendar("DUE;=a:b"), .invalidParameterName(line: 2, property: "DUE", name: "", found: "\"=\"")),
        (calendar("DUE;X_Y=1:b"), .invalidParameterName(line: 2, property: "DUE", name: "X", found: "\"_\"")),
        (calendar("DUE;:b"), .invalidParameterName(line: 2, property: "DUE", name: "", found: "\":\"")),
        (calendar("DUE;TZID:20261122T080000"), .missingEquals(line: 2, property: "DUE", parameter: "TZID")),
        (calendar("DUE;TZID;VALUE=DATE:20261122"), .missingEquals(line: 2, property: "DUE", parameter: "TZID")),
        (calendar("DUE;TZID"), .missingEquals(line: 2, property: "DUE", parameter: "TZID")),
        (calendar("X;A=\"abc:def", " ghi"), .unterminatedQuote(line: 2, property: "X", parameter: "A")),
        (calendar("X;A=a\"b:c"), .invalidParameterValue(line: 2, property: "X", parameter: "A", found: "DQUOTE")),
        (calendar("X;A=\"a\"b:c"), .invalidParameterValue(line: 2, property: "X", parameter: "A", found: "\"b\"")),
        (calendar("X;A=\"a", " \u{7F}\":c"), .invalidParameterValue(line: 3, property: "X", parameter: "A", found: "U+007F")),
        (calendar("X;A=a\u{01}:c"), .invalidParameterValue(line: 2, property: "X", parameter: "A", found: "U+0001")),
        (calendar("X;A=1;a=2:v"), .duplicateParameter(line: 2, property: "X", parameter: "A")),
        (calendar("SUMMARY:a\u{0}b"), .controlCharacter(line: 2, property: "SUMMARY", found: "U+0000")),
        (calendar("SUMMARY:abc", " def", " g\u{1B}h"), .controlCharacter(line: 4, property: "SUMMARY", found: "U+001B")),
        ("VERSION:2.0\r\n", .expectedBegin(line: 1, found: "VERSION")),
        ("END:VCALENDAR\r\n", .expectedBegin(line: 1, found: "END")),
        (calendar("BEGIN;X=1:VTODO", "END:VTODO"), .beginOrEndWithParameters(line: 2, keyword: "BEGIN")),
        (calendar("BEGIN:VTODO", "END;X=1:VTODO"), .beginOrEndWithParameters(line: 3, keyword: "END")),
        (calendar("BEGIN:V TODO"), .invalidComponentName(line: 2, keyword: "BEGIN")),
        (calendar("BEGIN:"), .invalidComponentName(line: 2, keyword: "BEGIN")),
        (calendar("BEGIN:VTODO", "END:"), .invalidComponentName(line: 3, keyword: "END")),
        (calendar("BEGIN:VTODO"), .mismatchedEnd(line: 3, open: "VTODO", openedAt: 2, found: "VCALENDAR")),
        (calendar("BEGIN:VTODO", "BEGIN:VALARM", "END:VTODO"), .mismatchedEnd(line: 4, open: "VALARM", openedAt: 3, found: "VTODO")),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VTODO\r\n", .unclosedComponent(line: 1, name: "VCALENDAR")),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n", .unclosedComponent(line: 2, name: "VTODO")),
        (calendar() + "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", .contentAfterEnd(line: 3, component: "VCALENDAR")),
        (calendar() + "X-TRAILER:1", .contentAfterEnd(line: 3, component: "VCALENDAR")),
    ]

    /// Each broken input gives its own error, naming the line the fault is on.
    @Test(arguments: cases)
    func brokenInput(text: String, expected: ICalendarError) {
        #expect(throws: expected) { try ICalendarParser.parse(text) }
    }

    /// Every message starts with its line and stays on one line.
    @Test(arguments: cases)
    func messageNamesTheLine(text: String, expected: ICalendarError) {
        let description = expected.description
        let linePrefix = expected.line.map { "line \($0): " } ?? ""
        #expect(description.hasPrefix(linePrefix))
        #expect(!expected.message.isEmpty && !description.contains(where: \.isNewline))
    }

    /// Bytes that are not UTF-8 once unfolded are refused, naming the line that holds them.
    @Test func notUTF8() {
        let start = Array("BEGIN:VCALENDAR\r\nSUMMARY:ok".utf8)
        let end = Array("\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: ICalendarError.notUTF8(line: 2)) { try ICalendarParser.parse(start + [0xFF] + end) }
        #expect(throws: ICalendarError.notUTF8(line: 3)) { try ICalendarParser.parse(start + Array("\r\n ".utf8) + [0xC3, 0x28] + end) }
        // An overlong "/" and an encoded surrogate.
        #expect(throws: ICalendarError.notUTF8(line: 2)) { try ICalendarParser.parse(start + [0xC0, 0xAF] + end) }
        #expect(throws: ICalendarError.notUTF8(line: 2)) { try ICalendarParser.parse(start + [0xED, 0xA0, 0x80] + end) }
        // A sequence cut by the end of its line with nothing to continue it.
        #expect(throws: ICalendarError.notUTF8(line: 2)) { try ICalendarParser.parse(start + [0xE2, 0x82] + end) }
        #expect(throws: ICalendarError.notUTF8(line: 1)) { try ICalendarParser.parse([0xFE] + end) }
    }

    /// A few messages as a person reads them.
    @Test func messages() {
        #expect(ICalendarError.mismatchedEnd(line: 9, open: "VALARM", openedAt: 5, found: "VTODO").description
            == "line 9: END:VTODO while VALARM (BEGIN at line 5) is open")
        #expect(ICalendarError.invalidPropertyName(line: 2, name: "SUM", found: "\"@\"").description
            == "line 2: \"@\" after \"SUM\" cannot be part of a property name (letters, digits and \"-\")")
        #expect(ICalendarError.invalidValue(line: 7, property: "DUE", expected: .dateTime).description
            == "line 7: the value of DUE is not a valid DATE-TIME (yyyyMMddTHHmmss, with Z for UTC)")
        #expect(ICalendarError.inputTooLarge(bytes: 2_000_000, limit: 1_048_576).description
            == "the calendar object is 2000000 bytes long, more than the 1048576 allowed")
    }
}
