import MeddCore

/// The days as a heat map that fits 80 columns: one row per week, Monday to Sunday, one
/// two-character cell per day; the row's label is its Monday, with the month and year when they change.
struct CalendarGrid {
    static let weekdays = "Mo Tu We Th Fr Sa Su"
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let gutter = "   "

    let days: [CalendarDay]
    var style: Style = .current

    var lines: [String] {
        guard let first = days.first?.date, let last = days.last?.date else { return [] }
        let outcomes = Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0.outcome) })
        var lines = [String(repeating: " ", count: 11) + Self.gutter + style.dim(Self.weekdays)]
        var previous: LocalDate?
        var monday = first.adding(days: -Self.daysSinceMonday(first))
        while monday <= last {
            let cells = (0..<7).map { offset in outcomes[monday.adding(days: Int64(offset))]?.cell(style) ?? "  " }
            var line = label(monday, after: previous) + Self.gutter + cells.joined(separator: " ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
            previous = monday
            monday = monday.adding(days: 7)
        }
        lines.append("")
        lines.append(CalendarOutcome.allCases.map { "\($0.cell(style)) \($0.meaning)" }.joined(separator: "  "))
        return lines
    }

    /// `2026 Aug 31` on the first row and when the year changes, `     Sep  7` when the month does,
    /// else just the day: eleven characters.
    private func label(_ monday: LocalDate, after previous: LocalDate?) -> String {
        let day = monday.day < 10 ? " \(monday.day)" : "\(monday.day)"
        let month = Self.months[monday.month - 1]
        if previous?.year != monday.year { return "\(monday.year) \(month) \(day)" }
        if previous?.month != monday.month { return "     \(month) \(day)" }
        return "         \(day)"
    }

    private static func daysSinceMonday(_ date: LocalDate) -> Int64 {
        Int64(Weekday.allCases.firstIndex(of: date.weekday)!)
    }
}
