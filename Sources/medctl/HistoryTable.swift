import MeddCore

/// The history as a table for people: times in the local zone, text made safe for a terminal.
enum HistoryTable {
    static let header = ["DUE", "DOSE ID", "MEDICATION", "STATE", "ANSWERED", "SOURCE", "NOTE"]

    static func rows(_ doses: [DoseRow], style: Style) -> [[String]] {
        doses.map { dose in
            let dueDate = LocalTimeText.rules.local(dose.scheduled).date
            return [LocalTimeText.dateTime(dose.scheduled), dose.id, cell("\(dose.name) \(dose.dose)"),
                    style.state(dose.state),
                    // Only the time when answered on the day it was due.
                    dose.answeredAt.map { LocalTimeText.short($0, today: dueDate) } ?? "",
                    dose.source ?? "", cell(dose.note ?? "")]
        }
    }

    /// One line with no control characters: a note's line breaks become `↵`, and nothing in it can
    /// move the cursor, change colours or break the columns.
    static func cell(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where afterCR: continue
            case 0x0A, 0x0D: result.append("↵")
            case 0x09: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
