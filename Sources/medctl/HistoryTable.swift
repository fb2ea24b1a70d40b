import MeddCore

/// The history as a table for people: times in the local zone, text made safe for a terminal.
enum HistoryTable {
    static let header = ["DUE", "DOSE ID", "MEDICATION", "STATE", "ANSWERED", "SOURCE", "NOTE"]

    static func rows(_ doses: [DoseRow], style: Style) -> [[String]] {
        doses.map { dose in
            let dueDate = LocalTimeText.rules.local(dose.scheduled).date
            return [LocalTimeText.dateTime(dose.scheduled), dose.id, TerminalText.cell("\(dose.name) \(dose.dose)"),
                    style.state(dose.state),
                    // Only the time when answered on the day it was due.
                    dose.answeredAt.map { LocalTimeText.short($0, today: dueDate) } ?? "",
                    dose.source ?? "", TerminalText.cell(dose.note ?? "")]
        }
    }
}
