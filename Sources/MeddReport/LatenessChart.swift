public import MeddCore

/// One medication's doses over the period: x is when each was due, y how long after its due time it
/// was taken (the hour after it is on time, later is late); skipped and missed doses sit on strips of
/// their own below, at their due times.
public struct LatenessChart {
    public let medication: Report.Medication
    public let firstDay: LocalDate
    public let dayCount: Int
    /// The day of the period (0 for `firstDay`) where the time axis starts: the period's last twelve
    /// months of a longer one.
    public let startDay: Int
    public let width: Double
    public let text: ReportText

    public init(_ medication: Report.Medication, firstDay: LocalDate, dayCount: Int, startDay: Int = 0, width: Double, text: ReportText) {
        self.medication = medication
        self.firstDay = firstDay
        self.dayCount = dayCount
        self.startDay = min(max(startDay, 0), max(dayCount, 0))
        self.width = width
        self.text = text
    }

    private static let left = 54.0
    private static let right = 8.0
    private static let plotTop = 20.0
    private static let plotHeight = 118.0
    private static let stripHeight = 13.0
    private static let labelSize = 7.5
    /// Taken this far from the due time or farther, a dose is drawn at the edge, pointing out.
    private static let limits = (low: -720, high: 1440)

    private var plotWidth: Double { width - Self.left - Self.right }
    private var plotBottom: Double { Self.plotTop + Self.plotHeight }
    private var stripsTop: Double { plotBottom + 5 }
    private var axisLabelBaseline: Double { stripsTop + 2 * Self.stripHeight + 11 }

    public var figure: Figure {
        let scale = MinuteScale(medication.doses.compactMap(\.minutes), limits: Self.limits)
        var marks: [Figure.Mark] = []
        let lateY = y(Adherence.onTimeWindow.seconds / 60, scale)
        marks.append(.rectangle(x: Self.left, y: Self.plotTop, width: plotWidth, height: lateY - Self.plotTop,
                                fill: Palette.lateBand, stroke: nil))
        marks.append(.rectangle(x: Self.left, y: lateY, width: plotWidth, height: plotBottom - lateY, fill: Palette.onTimeBand, stroke: nil))
        for (index, title) in [text.outcome(.skipped), text.outcome(.missed)].enumerated() {
            let top = stripsTop + Double(index) * Self.stripHeight
            marks.append(.rectangle(x: Self.left, y: top + 1, width: plotWidth, height: Self.stripHeight - 2,
                                    fill: Color(0xF3F4F6), stroke: nil))
            marks.append(.text(title, at: .init(Self.left - 6, top + Self.stripHeight / 2 + 2.6), size: Self.labelSize,
                               anchor: .end, color: Palette.muted, bold: false))
        }
        marks += xAxis()
        for tick in scale.ticks {
            let tickY = y(Int64(tick), scale)
            marks.append(.polyline([.init(Self.left, tickY), .init(Self.left + plotWidth, tickY)],
                                   stroke: .init(tick == 0 ? Palette.axis : Palette.grid, width: tick == 0 ? 0.9 : 0.5)))
            marks.append(.text(MinuteScale.label(tick, text: text), at: .init(Self.left - 6, tickY + 2.6), size: Self.labelSize,
                               anchor: .end, color: Palette.muted, bold: false))
        }
        marks.append(.polyline([.init(Self.left, lateY), .init(Self.left + plotWidth, lateY)],
                               stroke: .init(Palette.fill(.late), width: 0.8, dash: [3, 2])))
        // TRANSLATORS: a chart's label on the line above which a dose was taken late: more than an hour after its due time.
        marks.append(.text(text(Translatable("late after 1 h")), at: .init(Self.left + plotWidth - 3, lateY - 3), size: 6.5, anchor: .end,
                           color: Color(0x9A6700), bold: false))
        marks.append(.rectangle(x: Self.left, y: Self.plotTop, width: plotWidth, height: Self.plotHeight, fill: nil,
                                stroke: .init(Palette.axis, width: 0.5)))
        for dose in medication.doses { marks += self.marks(of: dose, scale) }
        marks += legend()
        return Figure(width: width, height: axisLabelBaseline + 4, marks: marks, summary: summary)
    }

    private var summary: String {
        // TRANSLATORS: a chart's description for a screen reader: %1$s is a medication's name, %2$s its counts ("3 on time, 1 late, 0 skipped, 1 missed").
        text(Translatable("When each dose of %1$s due in the period was taken, against its due time: %2$s.", medication.name,
                          text.outcomeCounts(medication.counts)))
    }

    private func x(_ day: Double) -> Double {
        let shown = Double(max(dayCount - startDay, 1))
        return Self.left + min(max(day - Double(startDay), 0), shown) / shown * plotWidth
    }

    private func y(_ minutes: Int64, _ scale: MinuteScale) -> Double {
        let clamped = Double(min(max(Int(minutes), scale.low), scale.high))
        return Self.plotTop + (Double(scale.high) - clamped) / Double(scale.high - scale.low) * Self.plotHeight
    }

    private func marks(of dose: Report.Dose, _ scale: MinuteScale) -> [Figure.Mark] {
        let doseX = x(dose.day)
        let fill = Palette.fill(dose.outcome)
        switch dose.outcome {
        case .skipped:
            return [Self.square(at: .init(doseX, stripsTop + Self.stripHeight / 2), fill: fill)]
        case .missed:
            return [Self.triangle(at: .init(doseX, stripsTop + 1.5 * Self.stripHeight), pointingUp: false, fill: fill)]
        case .onTime, .late, .nothing:
            let minutes = dose.minutes ?? 0
            let doseY = y(Int64(minutes), scale)
            if minutes > scale.high { return [Self.triangle(at: .init(doseX, doseY + 3), pointingUp: true, fill: fill)] }
            if minutes < scale.low { return [Self.triangle(at: .init(doseX, doseY - 3), pointingUp: false, fill: fill)] }
            return [.circle(center: .init(doseX, doseY), radius: 2.3, fill: fill, stroke: .init(Color(0xFFFFFF), width: 0.5))]
        }
    }

    static func square(at center: Figure.Point, fill: Color, side: Double = 5) -> Figure.Mark {
        .rectangle(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side, fill: fill, stroke: nil)
    }

    static func triangle(at center: Figure.Point, pointingUp: Bool, fill: Color, size: Double = 6) -> Figure.Mark {
        let half = size / 2
        let tip = pointingUp ? center.y - half : center.y + half
        let base = pointingUp ? center.y + half : center.y - half
        return .polygon([.init(center.x, tip), .init(center.x + half, base), .init(center.x - half, base)], fill: fill, stroke: nil)
    }

    /// Vertical lines at the days the axis names, through the plot and the strips, and their labels.
    private func xAxis() -> [Figure.Mark] {
        DayTicks(firstDay: firstDay.adding(days: Int64(startDay)), dayCount: dayCount - startDay, text: text)
            .marks(x: { x(Double($0 + startDay)) }, from: Self.plotTop, to: stripsTop + 2 * Self.stripHeight, labelBaseline: axisLabelBaseline,
                   labelSize: Self.labelSize, width: width)
    }

    /// Above the plot: what each mark means, with the medication's counts.
    private func legend() -> [Figure.Mark] {
        let counts = medication.counts
        let items: [(AdherenceDay.Outcome, String)] = [
            // TRANSLATORS: a chart's legend: how many doses were taken on time.
            (.onTime, text(.plural("%1$d on time", "%1$d on time", count: counts.onTime, String(counts.onTime)))),
            // TRANSLATORS: a chart's legend: how many doses were taken late.
            (.late, text(.plural("%1$d late", "%1$d late", count: counts.late, String(counts.late)))),
            // TRANSLATORS: a chart's legend: how many doses were skipped.
            (.skipped, text(.plural("%1$d skipped", "%1$d skipped", count: counts.skipped, String(counts.skipped)))),
            // TRANSLATORS: a chart's legend: how many doses were missed.
            (.missed, text(.plural("%1$d missed", "%1$d missed", count: counts.missed, String(counts.missed)))),
        ]
        var marks: [Figure.Mark] = []
        var itemX = Self.left
        let centerY = 8.0
        for (outcome, label) in items {
            let fill = Palette.fill(outcome)
            let marker: Figure.Mark = switch outcome {
            case .skipped: Self.square(at: .init(itemX + 3, centerY), fill: fill)
            case .missed: Self.triangle(at: .init(itemX + 3, centerY), pointingUp: false, fill: fill)
            default: .circle(center: .init(itemX + 3, centerY), radius: 2.6, fill: fill, stroke: nil)
            }
            marks.append(marker)
            marks.append(.text(label, at: .init(itemX + 9, centerY + 2.7), size: Self.labelSize, anchor: .start, color: Palette.text,
                               bold: false))
            itemX += 9 + TextMetrics.width(label, size: Self.labelSize) + 14
        }
        return marks
    }
}

/// The y axis of a lateness chart in minutes: from at most an hour early to at least two hours late,
/// wider when a dose was taken farther off, in round steps.
struct MinuteScale {
    let low: Int
    let high: Int
    let step: Int

    init(_ minutes: [Int], limits: (low: Int, high: Int)) {
        let earliest = max(min(-60, minutes.min() ?? 0), limits.low)
        let latest = min(max(120, minutes.max() ?? 0), limits.high)
        step = [15, 30, 60, 120, 180, 240, 360, 720].first { (latest - earliest + $0 - 1) / $0 <= 6 } ?? 720
        low = Self.floor(earliest, step)
        high = -Self.floor(-latest, step)
    }

    var ticks: [Int] { Array(stride(from: low, through: high, by: step)) }

    private static func floor(_ value: Int, _ step: Int) -> Int {
        value >= 0 ? value / step * step : -((-value + step - 1) / step * step)
    }

    /// `due`, `+30 min`, `+1 h`, `+1 h 30 min`, `−2 h`.
    static func label(_ minutes: Int, text: ReportText) -> String {
        guard minutes != 0 else {
            // TRANSLATORS: a chart's axis of how late doses were taken, at their due time (the others are +30 min, +1 h).
            return text(Translatable("due"))
        }
        return (minutes > 0 ? "+" : "−") + text.duration(minutes: abs(minutes))
    }
}

/// The days a time axis names: each week's first day (the locale's: Monday in the C locale) over a
/// month or less, the 1st and 15th of each month over half a year or less, the 1st of each month over
/// three years or less, else each 1 January.
struct DayTicks {
    let firstDay: LocalDate
    let dayCount: Int
    let text: ReportText

    var ticks: [(day: Int, label: String)] {
        var ticks: [(day: Int, label: String)] = []
        for day in 0..<max(dayCount, 0) {
            let date = firstDay.adding(days: Int64(day))
            if dayCount <= 31 {
                if date.weekday == text.formats.firstWeekday { ticks.append((day, text.dayOfMonth(date))) }
            } else if dayCount <= 190 {
                if date.day == 1 || date.day == 15 { ticks.append((day, text.dayOfMonth(date))) }
            } else if dayCount <= 3 * 366 {
                if date.day == 1 { ticks.append((day, text.axisMonth(date.month, year: date.month == 1 ? date.year : nil))) }
            } else if date.day == 1, date.month == 1 {
                ticks.append((day, "\(date.year)"))
            }
        }
        return ticks
    }

    /// A grid line at each tick from `top` to `bottom`, and its label on `labelBaseline` where it does
    /// not run into the one before or past `width`; `x` places a day (0 for `firstDay`).
    func marks(x: (Int) -> Double, from top: Double, to bottom: Double, labelBaseline: Double, labelSize: Double,
               width: Double) -> [Figure.Mark] {
        var marks: [Figure.Mark] = []
        var labelEnd = -Double.infinity
        for tick in ticks {
            let tickX = x(tick.day)
            marks.append(.polyline([.init(tickX, top), .init(tickX, bottom)], stroke: .init(Palette.grid, width: 0.5)))
            let labelWidth = TextMetrics.width(tick.label, size: labelSize)
            guard tickX - labelWidth / 2 > labelEnd + 4, tickX + labelWidth / 2 <= width else { continue }
            labelEnd = tickX + labelWidth / 2
            marks.append(.text(tick.label, at: .init(tickX, labelBaseline), size: labelSize, anchor: .middle, color: Palette.muted,
                               bold: false))
        }
        return marks
    }
}
