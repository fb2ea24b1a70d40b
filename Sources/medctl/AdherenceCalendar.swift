import MeddControl
import MeddCore
import MeddTerminal

/// `adherence --calendar`: the day-by-day view, a heat map of each day's worst outcome.
extension AdherenceCommand {
    func showCalendar() throws {
        let now = LocalTimeText.now()
        let rules = LocalTimeText.rules
        let given = range.query(now: now)
        let last = rules.local(given.to ?? now).date
        let first = given.from.map { rules.local($0).date } ?? last.adding(days: 1 - Self.calendarDays)
        let start = rules.startOfDay(first)
        let end = rules.startOfDay(last.adding(days: 1))
        let selection = try journal.source?.read(since: start, until: end, medication: range.medication, person: range.person?.id,
                                                 verb: Self.name)
        let finals = try selection?.finals ?? daemonFinals(from: start, to: end)
        let days = AdherenceDay.tally(finals, from: first, through: last, rules: rules)
        switch format {
        case .json:
            Output.json(.array(days.map(\.json)))
        case .csv:
            print(CSVText.document(header: AdherenceDay.csvHeader, rows: days.map(\.csvRecord)), terminator: "")
        case .table:
            let whose = range.person.map { " for \($0.id)" } ?? ""
            let from = selection?.phrase ?? AdherenceSource.ledger.phrase
            Output.line("Adherence by day, \(first) to \(last), \(range.medication ?? "all medications")\(whose), \(from)")
            CalendarGrid(days: days).lines.forEach(Output.line)
        }
    }

    /// The answered and missed doses `ListDoses` reports in `[from, to)`.
    private func daemonFinals(from: Instant, to: Instant) throws -> [FinalAnswer] {
        let query = DoseQuery(from: from, to: to, medication: range.medication, person: range.person, verb: Self.name)
        return try query.history(global: global).compactMap { row in
            guard let kind = EventKind(rawValue: row.state) else { return nil }
            return FinalAnswer(medication: row.medication, kind: kind, scheduled: row.scheduled, at: row.answeredAt ?? row.scheduled)
        }
    }
}

/// A day of the calendar as `--format json` and `csv` print it.
extension AdherenceDay {
    var json: JSONValue {
        .object([
            "date": .string(date.iso8601),
            "onTime": .integer(counts.onTime),
            "late": .integer(counts.late),
            "skipped": .integer(counts.skipped),
            "missed": .integer(counts.missed),
        ])
    }

    var csvRecord: [String] {
        [date.iso8601] + [counts.onTime, counts.late, counts.skipped, counts.missed].map(String.init)
    }

    static let csvHeader = ["date", "on_time", "late", "skipped", "missed"]
}

/// What a calendar cell shows.
extension AdherenceDay.Outcome {
    /// Distinct without colour, densest for the best day.
    var glyph: String {
        switch self {
        case .onTime: "██"
        case .late: "▓▓"
        case .skipped: "▒▒"
        case .missed: "░░"
        case .nothing: "··"
        }
    }

    func cell(_ style: Style) -> String {
        switch self {
        case .onTime: style.paint(glyph, "32")
        case .late: style.paint(glyph, "33")
        case .skipped: style.paint(glyph, "34")
        case .missed: style.paint(glyph, "31")
        case .nothing: style.dim(glyph)
        }
    }
}

/// The days as a heat map that fits 80 columns: one row per week, Monday to Sunday, one
/// two-character cell per day; the row's label is its Monday, with the month and year when they change.
private struct CalendarGrid {
    private static let weekdays = "Mo Tu We Th Fr Sa Su"
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let gutter = "   "

    let days: [AdherenceDay]
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
        lines.append(AdherenceDay.Outcome.allCases.map { "\($0.cell(style)) \($0.meaning)" }.joined(separator: "  "))
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
