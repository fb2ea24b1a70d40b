import MeddControl
import MeddCore
import Testing
@testable import medctl

/// The VEVENT a dose becomes: UTC times, its state, an alarm only while it is still to be taken.
@Suite struct ICalendarExportTests {
    static func dose(state: String, extra: [String: JSONValue] = [:]) -> DoseRow {
        let object: [String: JSONValue] = [
            "id": .string("metformin_20270314_08_00"), "medication": .string("metformin"),
            "name": .string("Metformin, XR"), "dose": .string("500 mg"),
            "scheduled": .string("2027-03-14T08:00:00+01:00"), "usec": .integer(1_805_007_600_000_000),
            "state": .string(state),
        ]
        return DoseRow(.object(object.merging(extra) { $1 }))!
    }

    static let now = Instant(usec: 1_795_360_000_000_000)

    @Test func plannedDoseHasAnAlarm() {
        let lines = ICalendarExport(doses: [], now: Self.now).event(Self.dose(state: "planned"))
        #expect(lines == [
            "BEGIN:VEVENT", "UID:metformin_20270314_08_00@medd", "DTSTAMP:20261122T150640Z", "DTSTART:20270314T070000Z",
            "DURATION:PT5M", "SUMMARY:Metformin\\, XR 500 mg",
            "DESCRIPTION:Dose ID: metformin_20270314_08_00\\nState: planned",
            "STATUS:CONFIRMED", "TRANSP:TRANSPARENT", "CATEGORIES:Medication", "X-MEDD-STATE:planned",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT0S", "DESCRIPTION:Metformin\\, XR 500 mg", "END:VALARM",
            "END:VEVENT",
        ])
    }

    /// An untracked dose (due before medd tracked it) is listed with its state but never alarms.
    @Test func untrackedDoseHasNoAlarm() {
        let lines = ICalendarExport(doses: [], now: Self.now).event(Self.dose(state: "untracked"))
        #expect(lines.contains("X-MEDD-STATE:untracked"))
        #expect(!lines.contains("BEGIN:VALARM"))
    }

    @Test func skippedDoseIsCancelledWithItsReason() {
        let dose = Self.dose(state: "skipped", extra: [
            "answeredAt": .string("2027-03-14T07:55:00+01:00"), "source": .string("cli"), "note": .string("nausea; later\nmaybe"),
        ])
        let lines = ICalendarExport(doses: [], now: Self.now).event(dose)
        #expect(lines.contains("STATUS:CANCELLED"))
        #expect(!lines.contains("BEGIN:VALARM"))
        #expect(lines.contains(
            "DESCRIPTION:Dose ID: metformin_20270314_08_00\\nState: skipped at 2027-03-14T07:55:00+01:00 via cli\\nNote: nausea\\; later\\nmaybe"))
    }

    @Test func calendarWrapsTheEvents() {
        let text = ICalendarExport(doses: [Self.dose(state: "taken")], now: Self.now).document()
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//medd//medctl \(MeddVersion.current)//EN\r\n"
            + "CALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:medd doses\r\nBEGIN:VEVENT\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
    }
}
