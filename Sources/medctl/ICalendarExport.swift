import MeddControl
import MeddCore

/// Doses as an RFC 5545 calendar: one five-minute VEVENT per dose, times in UTC (no VTIMEZONE needed),
/// its state in STATUS and DESCRIPTION, and an alarm at the start of each dose not yet answered (an
/// untracked dose never alerts, so it gets none).
struct ICalendarExport {
    var doses: [DoseRow]
    /// When the calendar was made: every event's DTSTAMP.
    var now: Instant
    var calendarName = "medd doses"

    func document() -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//medd//medctl \(MeddVersion.current)//EN",
            "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:" + ICalendarText.escape(calendarName),
        ]
        for dose in doses { lines += event(dose) }
        lines.append("END:VCALENDAR")
        return ICalendarText.document(lines)
    }

    func event(_ dose: DoseRow) -> [String] {
        let summary = ICalendarText.escape(dose.dose.isEmpty ? dose.name : "\(dose.name) \(dose.dose)")
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + ICalendarText.escape("\(dose.id)@medd"),
            "DTSTAMP:" + ICalendarText.utc(now),
            "DTSTART:" + ICalendarText.utc(dose.scheduled),
            "DURATION:PT5M",
            "SUMMARY:" + summary,
            "DESCRIPTION:" + ICalendarText.escape(description(dose)),
            "STATUS:" + (dose.state == "skipped" ? "CANCELLED" : "CONFIRMED"),
            // A reminder should not make its owner look busy.
            "TRANSP:TRANSPARENT",
            "CATEGORIES:Medication",
            "X-MEDD-STATE:" + ICalendarText.escape(dose.state),
        ]
        if !dose.isFinal, dose.knownState != .untracked {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT0S", "DESCRIPTION:" + summary, "END:VALARM"]
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// `Dose ID …`, the state (with when and how it was answered), and the note, one per line.
    func description(_ dose: DoseRow) -> String {
        var state = "State: \(dose.state)"
        if let answeredAt = dose.answeredText { state += " at \(answeredAt)" }
        if let source = dose.source { state += " via \(source)" }
        if let until = dose.json["snoozeUntil"]?.stringValue { state += " until \(until)" }
        var lines = ["Dose ID: \(dose.id)", state]
        if let note = dose.note, !note.isEmpty { lines.append("Note: \(note)") }
        return lines.joined(separator: "\n")
    }
}
