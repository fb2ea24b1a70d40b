import MeddCore
import Testing
@testable import medctl

/// RFC 5545 TEXT escaping, line folding by octets, and UTC date-times.
@Suite struct ICalendarTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b;c\\d", "a\\,b\\;c\\\\d"),
        ("one\ntwo\r\nthree\rfour", "one\\ntwo\\nthree\\nfour"),
        ("tab\tkept, bell\u{07} and delete\u{7F} dropped", "tab\tkept\\, bell and delete dropped"),
        ("\"quotes\" and colons: stay", "\"quotes\" and colons: stay"),
        ("Grüße 💊", "Grüße 💊"),
    ])
    func escape(text: String, expected: String) {
        #expect(ICalendarText.escape(text) == expected)
    }

    @Test func shortLineIsNotFolded() {
        let line = "SUMMARY:" + String(repeating: "x", count: 67)  // exactly 75 octets
        #expect(ICalendarText.fold(line) == line + "\r\n")
    }

    @Test func asciiFoldsAt75ThenAt74PlusTheSpace() {
        let line = String(repeating: "a", count: 75 + 74 + 10)
        let folded = ICalendarText.fold(line)
        let lines = physicalLines(folded)
        #expect(lines.map(\.utf8.count) == [75, 75, 11])
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(unfold(folded) == line)
    }

    /// Two-, three- and four-byte characters land on the fold points; no line is cut inside one.
    @Test(arguments: ["ü", "€", "💊"])
    func multibyteNeverSplit(character: String) {
        for prefix in 0..<4 {
            let line = "DESCRIPTION:" + String(repeating: "x", count: prefix) + String(repeating: character, count: 80)
            let folded = ICalendarText.fold(line)
            let lines = physicalLines(folded)
            #expect(lines.count > 1)
            for physical in lines {
                #expect(physical.utf8.count <= 75)
                // Each physical line decodes on its own: nothing was cut mid-sequence.
                #expect(String(validating: Array(physical.utf8), as: UTF8.self) != nil)
            }
            #expect(lines.dropLast().allSatisfy { $0.utf8.count > 75 - character.utf8.count })
            #expect(unfold(folded) == line)
        }
    }

    @Test func utcDateTime() {
        #expect(ICalendarText.utc(Instant(usec: 1_805_009_400_000_000)) == "20270314T073000Z")
        #expect(ICalendarText.utc(Instant(usec: 1_805_009_400_999_999)) == "20270314T073000Z")
    }

    @Test func documentEndsEveryLineWithCRLF() {
        #expect(ICalendarText.document(["BEGIN:VCALENDAR", "END:VCALENDAR"]) == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    }

    /// The text as lines without their CRLFs; every line, the last included, must end with one.
    private func physicalLines(_ text: String) -> [String] {
        let pieces = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false)
        #expect(pieces.last?.isEmpty == true)
        return pieces.dropLast().map { line in
            #expect(line.last == 13)
            return String(decoding: line.dropLast(), as: UTF8.self)
        }
    }

    private func unfold(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
            .replacing("\r\n ", with: "")
            .replacing("\r\n", with: "")
    }
}
