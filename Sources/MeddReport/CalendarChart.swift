public import MeddCore

/// The period day by day, each day coloured by its worst outcome as `medctl adherence --calendar`
/// shows it: weeks as columns from Monday to Sunday, as many as fit across, in strips one below the
/// other; then a legend with the number of days of each kind.
public struct CalendarChart {
    public let days: [AdherenceDay]
    public let width: Double

    public init(days: [AdherenceDay], width: Double) {
        self.days = days
        self.width = width
    }

    private static let left = 30.0
    private static let monthRow = 14.0
    /// From one column to the next: wider for a short period, down to this for a long one (in strips).
    private static let pitches = 17.0...25.0
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The strips, then the legend; nothing for no days.
    public var figures: [Figure] {
        guard let first = days.first?.date, let last = days.last?.date else { return [] }
        let outcomes = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let firstMonday = first.adding(days: -Int64(Weekday.allCases.firstIndex(of: first.weekday)!))
        let weekCount = Int((last.dayNumber - firstMonday.dayNumber) / 7) + 1
        let pitch = min(max((width - Self.left) / Double(weekCount), Self.pitches.lowerBound), Self.pitches.upperBound)
        let perStrip = max(1, Int((width - Self.left) / pitch))
        let strips = stride(from: 0, to: weekCount, by: perStrip).map { start in
            strip(weeks: start..<min(weekCount, start + perStrip), pitch: pitch, from: firstMonday, outcomes: outcomes, first: first, last: last)
        }
        return strips + [legend]
    }

    private func strip(weeks: Range<Int>, pitch: Double, from firstMonday: LocalDate, outcomes: [LocalDate: AdherenceDay],
                       first: LocalDate, last: LocalDate) -> Figure {
        let cell = pitch - 2
        let numberSize = min(8, cell * 0.43)
        var marks: [Figure.Mark] = []
        for (row, name) in Self.weekdays.enumerated() {
            marks.append(.text(name, at: .init(Self.left - 5, Self.monthRow + Double(row) * pitch + cell / 2 + 2.6),
                               size: 7, anchor: .end, color: Palette.muted, bold: false))
        }
        var labelEnd = -Double.infinity
        var labelledYear: Int?
        for (column, week) in weeks.enumerated() {
            let monday = firstMonday.adding(days: Int64(week * 7))
            let columnX = Self.left + Double(column) * pitch
            let dates = (0..<7).map { monday.adding(days: Int64($0)) }.filter { $0 >= first && $0 <= last }
            if let start = dates.first(where: { $0.day == 1 }) ?? (column == 0 ? dates.first : nil) {
                let month = ReportText.monthAbbreviation(start.month)
                let label = labelledYear != start.year ? "\(month) \(start.year)" : month
                if columnX > labelEnd + 4 {
                    marks.append(.text(label, at: .init(columnX, 10), size: 7.5, anchor: .start, color: Palette.text, bold: true))
                    labelEnd = columnX + TextMetrics.width(label, size: 7.5, bold: true)
                    labelledYear = start.year
                }
            }
            for date in dates {
                let outcome = outcomes[date]?.outcome ?? .nothing
                let row = Weekday.allCases.firstIndex(of: date.weekday)!
                let top = Self.monthRow + Double(row) * pitch
                marks.append(.rectangle(x: columnX, y: top, width: cell, height: cell, fill: Palette.fill(outcome), stroke: nil))
                marks.append(.text("\(date.day)", at: .init(columnX + cell / 2, top + cell / 2 + numberSize * 0.36), size: numberSize,
                                   anchor: .middle, color: Palette.text(on: outcome), bold: false))
            }
        }
        let shown = weeks.lowerBound * 7
        let summary = "Calendar from \(ReportText.longDate(max(first, firstMonday.adding(days: Int64(shown))))): "
            + "one square per day, coloured by the worst outcome of its doses."
        return Figure(width: width, height: Self.monthRow + 7 * pitch, marks: marks, summary: summary)
    }

    /// A square of each colour, its meaning and how many days had it.
    private var legend: Figure {
        var counts: [AdherenceDay.Outcome: Int] = [:]
        for day in days { counts[day.outcome, default: 0] += 1 }
        var marks: [Figure.Mark] = []
        var itemX = Self.left
        var lineY = 8.0
        for outcome in AdherenceDay.Outcome.allCases {
            let label = "\(outcome.meaning): " + ReportText.count(counts[outcome] ?? 0, "day", "days")
            let itemWidth = 12 + TextMetrics.width(label, size: 7.5) + 14
            if itemX + itemWidth > width, itemX > Self.left {
                itemX = Self.left
                lineY += 14
            }
            marks.append(.rectangle(x: itemX, y: lineY - 4.5, width: 9, height: 9, fill: Palette.fill(outcome), stroke: nil))
            marks.append(.text(label, at: .init(itemX + 12, lineY + 2.7), size: 7.5, anchor: .start, color: Palette.text, bold: false))
            itemX += itemWidth
        }
        let summary = AdherenceDay.Outcome.allCases.map { "\($0.meaning): \(counts[$0] ?? 0)" }.joined(separator: ", ")
        return Figure(width: width, height: lineY + 8, marks: marks, summary: "Days by outcome: \(summary).")
    }
}
