public import MeddCore

/// The period day by day, each day coloured by its worst outcome as `medctl adherence --calendar`
/// shows it: weeks as columns from the locale's first weekday (Monday in the C locale, Sunday in
/// en_US), as many as fit across, in strips one below the other; then a legend with the number of
/// days of each kind. Worded in `text`'s language: the weekdays' and months' names are the locale's.
public struct CalendarChart {
    public let days: [AdherenceDay]
    public let width: Double
    public let text: ReportText

    public init(days: [AdherenceDay], width: Double, text: ReportText) {
        self.days = days
        self.width = width
        self.text = text
    }

    private static let left = 30.0
    private static let monthRow = 14.0
    /// From one column to the next: wider for a short period, down to this for a long one (in strips).
    private static let pitches = 17.0...25.0

    /// The days of a week from top to bottom.
    private var weekdays: [Weekday] { text.formats.weekdaysInOrder }

    /// The row of `weekday`: 0 for the locale's first.
    private func row(_ weekday: Weekday) -> Int { weekdays.firstIndex(of: weekday) ?? 0 }

    /// The strips, then the legend; nothing for no days.
    public var figures: [Figure] {
        guard let first = days.first?.date, let last = days.last?.date else { return [] }
        let outcomes = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let firstWeekStart = first.adding(days: -Int64(row(first.weekday)))
        let weekCount = Int((last.dayNumber - firstWeekStart.dayNumber) / 7) + 1
        let pitch = min(max((width - Self.left) / Double(weekCount), Self.pitches.lowerBound), Self.pitches.upperBound)
        let perStrip = max(1, Int((width - Self.left) / pitch))
        let strips = stride(from: 0, to: weekCount, by: perStrip).map { start in
            strip(weeks: start..<min(weekCount, start + perStrip), pitch: pitch, from: firstWeekStart, outcomes: outcomes, first: first,
                  last: last)
        }
        return strips + [legend]
    }

    private func strip(weeks: Range<Int>, pitch: Double, from firstWeekStart: LocalDate, outcomes: [LocalDate: AdherenceDay],
                       first: LocalDate, last: LocalDate) -> Figure {
        let cell = pitch - 2
        let numberSize = min(8, cell * 0.43)
        let columns = weeks.enumerated().map { column, week in
            (x: Self.left + Double(column) * pitch,
             dates: (0..<7).map { firstWeekStart.adding(days: Int64(week * 7 + $0)) }.filter { $0 >= first && $0 <= last })
        }
        let labels = monthLabels(columns.enumerated().compactMap { column, content in
            (content.dates.first { $0.day == 1 } ?? (column == 0 ? content.dates.first : nil)).map { (content.x, $0) }
        })
        let top = Self.monthRow + Double(labels.map(\.row).max() ?? 0) * Self.labelRowHeight
        var marks: [Figure.Mark] = weekdays.enumerated().map { row, weekday in
            .text(text.calendarWeekday(weekday), at: .init(Self.left - 5, top + Double(row) * pitch + cell / 2 + 2.6), size: 7, anchor: .end,
                  color: Palette.muted, bold: false)
        }
        marks += labels.map { label in
            .text(label.text, at: .init(label.x, 10 + Double(label.row) * Self.labelRowHeight), size: Self.labelSize, anchor: .start,
                  color: Palette.text, bold: true)
        }
        for (columnX, dates) in columns {
            for date in dates {
                let outcome = outcomes[date]?.outcome ?? .nothing
                let cellTop = top + Double(row(date.weekday)) * pitch
                marks.append(.rectangle(x: columnX, y: cellTop, width: cell, height: cell, fill: Palette.fill(outcome), stroke: nil))
                marks.append(.text("\(date.day)", at: .init(columnX + cell / 2, cellTop + cell / 2 + numberSize * 0.36), size: numberSize,
                                   anchor: .middle, color: Palette.text(on: outcome), bold: false))
            }
        }
        let shown = max(first, firstWeekStart.adding(days: Int64(weeks.lowerBound * 7)))
        // TRANSLATORS: a calendar's description for a screen reader: %1$s is the date it starts on.
        let summary = text(Translatable("Calendar from %1$s: one square per day, coloured by the worst outcome of its doses.",
                                        text.longDate(shown)))
        return Figure(width: width, height: top + 7 * pitch, marks: marks, summary: summary)
    }

    private static let labelSize = 7.5
    private static let labelRowHeight = 10.0

    /// A label for every month that begins in a column (or is under way in the first), the year with the
    /// first and whenever it changes. A label that would run into the one before it goes on a second
    /// row, so a month begun in the second column is named beside the month of the first.
    private func monthLabels(_ starts: [(x: Double, date: LocalDate)]) -> [(text: String, x: Double, row: Int)] {
        var rowEnds = [-Double.infinity, -Double.infinity]
        var labelledYear: Int?
        return starts.map { x, date in
            let label = text.calendarMonth(date.month, year: labelledYear != date.year ? date.year : nil)
            labelledYear = date.year
            let row = rowEnds.firstIndex { x > $0 + 4 } ?? (rowEnds[0] <= rowEnds[1] ? 0 : 1)
            rowEnds[row] = x + TextMetrics.width(label, size: Self.labelSize, bold: true)
            return (label, x, row)
        }
    }

    /// A square of each colour, its meaning and how many days had it.
    private var legend: Figure {
        var counts: [AdherenceDay.Outcome: Int] = [:]
        for day in days { counts[day.outcome, default: 0] += 1 }
        var marks: [Figure.Mark] = []
        var itemX = Self.left
        var lineY = 8.0
        for outcome in AdherenceDay.Outcome.allCases {
            let count = counts[outcome] ?? 0
            // TRANSLATORS: a calendar's legend: %1$s is what a colour means ("some late"), %2$d how many days had it.
            let label = text(.plural("%1$s: %2$d day", "%1$s: %2$d days", count: count, text(outcome.meaning), String(count)))
            let itemWidth = 12 + TextMetrics.width(label, size: 7.5) + 14
            if itemX + itemWidth > width, itemX > Self.left {
                itemX = Self.left
                lineY += 14
            }
            marks.append(.rectangle(x: itemX, y: lineY - 4.5, width: 9, height: 9, fill: Palette.fill(outcome), stroke: nil))
            marks.append(.text(label, at: .init(itemX + 12, lineY + 2.7), size: 7.5, anchor: .start, color: Palette.text, bold: false))
            itemX += itemWidth
        }
        let tally = AdherenceDay.Outcome.allCases.map { outcome in
            // TRANSLATORS: in a calendar's description for a screen reader: %1$s is what a colour means ("some late"), %2$d how many days had it.
            text(Translatable("%1$s: %2$d", text(outcome.meaning), String(counts[outcome] ?? 0)))
        }
        // TRANSLATORS: a calendar legend's description for a screen reader: %1$s is the count of days of each kind ("all on time: 5, some late: 2").
        let summary = text(Translatable("Days by outcome: %1$s.", tally.joined(separator: ", ")))
        return Figure(width: width, height: lineY + 8, marks: marks, summary: summary)
    }
}
