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
            let from = selection?.phrase ?? AdherenceSource.ledger.phrase
            Output.line(Self.calendarTitle(first: LocalTimeText.date(first), last: LocalTimeText.date(last), medication: range.medication,
                                           person: range.person?.id, from: from))
            CalendarGrid(days: days).lines.forEach(Output.line)
        }
    }

    /// `Adherence by day, 2026-08-31 to 2026-11-22, all medications, from medd's ledger`.
    static func calendarTitle(first: String, last: String, medication: String?, person: String?, from: String) -> String {
        switch (medication, person) {
        case (let medication?, let person?):
            // TRANSLATORS: the calendar's title: %1$s and %2$s are dates, %3$s a medication ID, %4$s a person ID,
            // %5$s where the figures came from ("from medd's ledger").
            tr("Adherence by day, %1$s to %2$s, %3$s for %4$s, %5$s", first, last, medication, person, from)
        case (let medication?, nil):
            // TRANSLATORS: the calendar's title: %1$s and %2$s are dates, %3$s a medication ID, %4$s where the
            // figures came from ("from medd's ledger").
            tr("Adherence by day, %1$s to %2$s, %3$s, %4$s", first, last, medication, from)
        case (nil, let person?):
            // TRANSLATORS: the calendar's title: %1$s and %2$s are dates, %3$s a person ID, %4$s where the figures
            // came from ("from medd's ledger").
            tr("Adherence by day, %1$s to %2$s, all medications for %3$s, %4$s", first, last, person, from)
        case (nil, nil):
            // TRANSLATORS: the calendar's title: %1$s and %2$s are dates, %3$s where the figures came from
            // ("from medd's ledger").
            tr("Adherence by day, %1$s to %2$s, all medications, %3$s", first, last, from)
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
    private var shade: Character {
        switch self {
        case .onTime: "█"
        case .late: "▓"
        case .skipped: "▒"
        case .missed: "░"
        case .nothing: "·"
        }
    }

    /// A cell of `width` columns (a legend's is two).
    func cell(_ style: Style, width: Int = 2) -> String {
        let glyph = String(repeating: shade, count: width)
        return switch self {
        case .onTime: style.paint(glyph, "32")
        case .late: style.paint(glyph, "33")
        case .skipped: style.paint(glyph, "34")
        case .missed: style.paint(glyph, "31")
        case .nothing: style.dim(glyph)
        }
    }
}

/// The days as a heat map that fits 80 columns: one row per week, from the locale's first day of
/// the week (Monday in the C locale), one cell per day under the day's abbreviated name as the
/// locale writes it (`Mon`, `pon`, `一`), each cell as wide as the widest name; the row's label is
/// its first day, with the month and year when they change.
struct CalendarGrid {
    private static let gutter = "   "
    /// The narrowest cell, for names of one column.
    private static let minimumCellWidth = 2

    let days: [AdherenceDay]
    var style: Style = .current
    var formats: LocaleFormats = Translation.currentFormats

    var lines: [String] {
        guard let first = days.first?.date, let last = days.last?.date else { return [] }
        let outcomes = Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0.outcome) })
        let weekdays = formats.weekdaysInOrder
        var weekStart = first.adding(days: -Int64(weekdays.firstIndex(of: first.weekday)!))
        var starts: [LocalDate] = []
        while weekStart <= last {
            starts.append(weekStart)
            weekStart = weekStart.adding(days: 7)
        }
        let labels = self.labels(starts)
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let names = weekdays.map(formats.abbreviatedWeekdayName)
        let cellWidth = max(Self.minimumCellWidth, names.map(DisplayWidth.of).max() ?? 0)
        var headings = names.map { DisplayWidth.padded($0, to: cellWidth) }.joined(separator: " ")
        while headings.last == " " { headings.removeLast() }
        var lines = [String(repeating: " ", count: labelWidth) + Self.gutter + style.dim(headings)]
        for (start, label) in zip(starts, labels) {
            let cells = (0..<7).map { offset in
                outcomes[start.adding(days: Int64(offset))]?.cell(style, width: cellWidth) ?? String(repeating: " ", count: cellWidth)
            }
            var line = DisplayWidth.padded(label, to: labelWidth) + Self.gutter + cells.joined(separator: " ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        lines.append("")
        lines.append(AdherenceDay.Outcome.allCases.map { "\($0.cell(style)) \($0.meaning.localized)" }.joined(separator: "  "))
        return lines
    }

    /// Each week's label: `2026 Aug 31` on the first row and when the year changes, `     Sep  7` when
    /// the month does, else just the day — the year, the locale's abbreviated month and the day in
    /// columns of their own.
    private func labels(_ starts: [LocalDate]) -> [String] {
        let monthWidth = starts.map { DisplayWidth.of(monthName($0)) }.max() ?? 0
        var previous: LocalDate?
        return starts.map { start in
            defer { previous = start }
            let day = start.day < 10 ? " \(start.day)" : "\(start.day)"
            let year = String(start.year)
            let blankYear = String(repeating: " ", count: DisplayWidth.of(year))
            if previous?.year != start.year { return year + " " + DisplayWidth.padded(monthName(start), to: monthWidth) + " " + day }
            if previous?.month != start.month { return blankYear + " " + DisplayWidth.padded(monthName(start), to: monthWidth) + " " + day }
            return blankYear + " " + String(repeating: " ", count: monthWidth) + " " + day
        }
    }

    private func monthName(_ date: LocalDate) -> String {
        formats.format("%b", date: date, time: nil)
    }
}
