public import MeddCore

/// One measurement over the period: x is when each reading was taken (or a day, for each day's mean
/// over long periods), y its value; a blood pressure draws its systolic and diastolic parts and its
/// target's upper bounds, another kind its target band; weight a trend, the mean of the seven days up
/// to each point. The doses taken of the medications it is for are ticks on a strip under the plot.
public struct MeasurementChart {
    public let measurement: Report.Measurement
    public let dayCount: Int
    public let firstDay: LocalDate
    public let width: Double
    public let text: ReportText

    public init(_ measurement: Report.Measurement, firstDay: LocalDate, dayCount: Int, width: Double, text: ReportText) {
        self.measurement = measurement
        self.firstDay = firstDay
        self.dayCount = dayCount
        self.width = width
        self.text = text
    }

    private static let left = 54.0
    private static let right = 8.0
    private static let plotTop = 20.0
    private static let plotHeight = 130.0
    private static let stripHeight = 12.0
    private static let labelSize = 7.5
    static let valueColor = Color(0x1F4E79)
    static let diastolicColor = Color(0xCC79A7)
    static let targetColor = Color(0xD55E00)
    static let trendColor = Color(0xCC79A7)

    private var plotWidth: Double { width - Self.left - Self.right }
    private var plotBottom: Double { Self.plotTop + Self.plotHeight }
    private var stripTop: Double { plotBottom + 4 }
    private var axisLabelBaseline: Double { stripTop + Self.stripHeight + 11 }

    public var figure: Figure {
        let scale = ValueScale(values: scaleValues)
        var marks: [Figure.Mark] = []
        marks += target(scale)
        marks += yAxis(scale)
        marks += xAxis()
        marks.append(.rectangle(x: Self.left, y: Self.plotTop, width: plotWidth, height: Self.plotHeight, fill: nil,
                                stroke: .init(Palette.axis, width: 0.5)))
        marks += series({ $0.value }, color: Self.valueColor, scale)
        if measurement.kind == .bloodPressure { marks += series({ $0.diastolic }, color: Self.diastolicColor, scale) }
        if measurement.kind == .weight { marks += trend(scale) }
        marks += doseStrip()
        marks += legend()
        return Figure(width: width, height: axisLabelBaseline + 4, marks: marks, summary: summary)
    }

    private var summary: String {
        // TRANSLATORS: a chart's description for a screen reader: %1$s is a measurement's name (Blood pressure), %2$d how many readings it shows.
        text(.plural("%1$s over the period: %2$d reading.", "%1$s over the period: %2$d readings.", count: measurement.readingCount,
                     ReportWriter.measurementName(measurement, text: text), String(measurement.readingCount)))
    }

    /// Every value the plot must show: the readings and the target's bounds.
    private var scaleValues: [Double] {
        var values = measurement.points.flatMap { [$0.value] + ($0.diastolic.map { [$0] } ?? []) }
        switch measurement.target {
        case .bloodPressure(let systolic, let diastolic)?: values += [Double(systolic), Double(diastolic)]
        case .range(let low, let high)?: values += [Double(low.thousandths) / 1000, Double(high.thousandths) / 1000]
        case nil: break
        }
        return values
    }

    private func x(_ day: Double) -> Double {
        Self.left + min(max(day, 0), Double(dayCount)) / Double(max(dayCount, 1)) * plotWidth
    }

    private func y(_ value: Double, _ scale: ValueScale) -> Double {
        Self.plotTop + (scale.high - min(max(value, scale.low), scale.high)) / (scale.high - scale.low) * Self.plotHeight
    }

    /// A blood pressure's upper bounds as dashed lines; another target as a band.
    private func target(_ scale: ValueScale) -> [Figure.Mark] {
        switch measurement.target {
        case .bloodPressure(let systolic, let diastolic)?:
            return [Double(systolic), Double(diastolic)].map { bound in
                .polyline([.init(Self.left, y(bound, scale)), .init(Self.left + plotWidth, y(bound, scale))],
                          stroke: .init(Self.targetColor, width: 0.8, dash: [3, 2]))
            }
        case .range(let low, let high)?:
            let top = y(Double(high.thousandths) / 1000, scale)
            let bottom = y(Double(low.thousandths) / 1000, scale)
            return [.rectangle(x: Self.left, y: top, width: plotWidth, height: bottom - top, fill: Palette.onTimeBand, stroke: nil)]
        case nil:
            return []
        }
    }

    private func yAxis(_ scale: ValueScale) -> [Figure.Mark] {
        scale.ticks.flatMap { tick -> [Figure.Mark] in
            let tickY = y(tick, scale)
            return [.polyline([.init(Self.left, tickY), .init(Self.left + plotWidth, tickY)], stroke: .init(Palette.grid, width: 0.5)),
                    .text(text.formats.decimal(FixedDecimal.text(tick, decimals: scale.decimals)), at: .init(Self.left - 6, tickY + 2.6),
                          size: Self.labelSize, anchor: .end, color: Palette.muted, bold: false)]
        }
    }

    /// Each reading as a dot, or each day's mean joined by a line.
    private func series(_ value: (Report.Measurement.Point) -> Double?, color: Color, _ scale: ValueScale) -> [Figure.Mark] {
        let points = measurement.points.compactMap { point in value(point).map { Figure.Point(x(point.day), y($0, scale)) } }
        guard !measurement.pointsAreDailyMeans else { return points.isEmpty ? [] : [.polyline(points, stroke: .init(color, width: 0.9))] }
        return points.map { .circle(center: $0, radius: 1.7, fill: color, stroke: nil) }
    }

    /// The mean of the seven days up to each point.
    private func trend(_ scale: ValueScale) -> [Figure.Mark] {
        let points = measurement.points
        var start = 0
        var sum = 0.0
        var line: [Figure.Point] = []
        for (index, point) in points.enumerated() {
            sum += point.value
            while points[start].day <= point.day - 7 {
                sum -= points[start].value
                start += 1
            }
            line.append(.init(x(point.day), y(sum / Double(index - start + 1), scale)))
        }
        return line.count < 2 ? [] : [.polyline(line, stroke: .init(Self.trendColor, width: 1.4))]
    }

    /// A tick for each dose taken of the medications the measurement is for.
    private func doseStrip() -> [Figure.Mark] {
        guard !measurement.medications.isEmpty else { return [] }
        var marks: [Figure.Mark] = [.rectangle(x: Self.left, y: stripTop, width: plotWidth, height: Self.stripHeight, fill: Color(0xF3F4F6),
                                               stroke: nil)]
        // TRANSLATORS: the label of a chart's strip that marks the doses taken.
        marks.append(.text(text(Translatable("doses")), at: .init(Self.left - 6, stripTop + Self.stripHeight / 2 + 2.6), size: Self.labelSize,
                           anchor: .end, color: Palette.muted, bold: false))
        for day in measurement.dosesTaken {
            marks.append(.polyline([.init(x(day), stripTop + 2), .init(x(day), stripTop + Self.stripHeight - 2)],
                                   stroke: .init(Palette.fill(.onTime), width: 0.6)))
        }
        return marks
    }

    private func xAxis() -> [Figure.Mark] {
        DayTicks(firstDay: firstDay, dayCount: dayCount, text: text)
            .marks(x: { x(Double($0)) }, from: Self.plotTop, to: plotBottom, labelBaseline: axisLabelBaseline, labelSize: Self.labelSize,
                   width: width)
    }

    /// Above the plot: what each line and mark is.
    private func legend() -> [Figure.Mark] {
        var items: [(Figure.Mark, String)] = []
        let centerY = 8.0
        func dot(_ color: Color) -> Figure.Mark { .circle(center: .init(0, centerY), radius: 2.4, fill: color, stroke: nil) }
        func line(_ color: Color, dash: [Double] = []) -> Figure.Mark {
            .polyline([.init(-3, centerY), .init(5, centerY)], stroke: .init(color, width: 1.2, dash: dash))
        }
        let daily = measurement.pointsAreDailyMeans
        if measurement.kind == .bloodPressure {
            // TRANSLATORS: a chart's legend: the upper number of a blood pressure; "(daily mean)" when each point is a day's mean.
            items.append((daily ? line(Self.valueColor) : dot(Self.valueColor), daily ? text(Translatable("systolic (daily mean)")) : text(Translatable("systolic"))))
            // TRANSLATORS: a chart's legend: the lower number of a blood pressure; "(daily mean)" when each point is a day's mean.
            items.append((daily ? line(Self.diastolicColor) : dot(Self.diastolicColor), daily ? text(Translatable("diastolic (daily mean)")) : text(Translatable("diastolic"))))
        } else {
            // TRANSLATORS: a chart's legend: each point is a reading, or a day's mean of readings.
            items.append((daily ? line(Self.valueColor) : dot(Self.valueColor), daily ? text(Translatable("daily mean")) : text(Translatable("reading"))))
        }
        if measurement.kind == .weight {
            // TRANSLATORS: a chart's legend: the line of the mean of the seven days up to each point.
            items.append((line(Self.trendColor), text(Translatable("7-day mean"))))
        }
        if let target = measurement.target {
            let marker: Figure.Mark = if case .bloodPressure = target {
                line(Self.targetColor, dash: [3, 2])
            } else {
                .rectangle(x: -3, y: centerY - 3, width: 8, height: 6, fill: Palette.onTimeBand, stroke: .init(Palette.rule, width: 0.5))
            }
            // TRANSLATORS: a chart's legend: the measurement's target (%1$s: 135/85, 4-7).
            items.append((marker, text(Translatable("target %1$s", ReportWriter.targetText(target, text: text)))))
        }
        var marks: [Figure.Mark] = []
        var itemX = Self.left
        for (marker, label) in items {
            marks.append(marker.moved(by: itemX + 3))
            marks.append(.text(label, at: .init(itemX + 10, centerY + 2.7), size: Self.labelSize, anchor: .start, color: Palette.text, bold: false))
            itemX += 10 + TextMetrics.width(label, size: Self.labelSize) + 14
        }
        return marks
    }

    /// The y axis: from the lowest to the highest value shown, widened to round steps, at most seven ticks.
    private struct ValueScale {
        let low: Double
        let high: Double
        let step: Double

        init(values: [Double]) {
            var lowest = values.min() ?? 0
            var highest = values.max() ?? 1
            if highest - lowest < 1e-9 {
                lowest -= 1
                highest += 1
            }
            let steps: [Double] = [0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000]
            var step = steps.first { ((highest - lowest) / $0).rounded(.up) <= 6 } ?? 10000
            while ((highest - lowest) / step).rounded(.up) > 6 { step *= 10 }
            self.step = step
            low = (lowest / step).rounded(.down) * step
            high = max((highest / step).rounded(.up) * step, low + step)
        }

        var ticks: [Double] { stride(from: low, through: high + step / 1000, by: step).map { $0 } }

        /// Decimals a tick label needs.
        var decimals: Int { step >= 1 ? 0 : step >= 0.1 && (step * 10).rounded() == step * 10 ? 1 : 2 }
    }
}

private extension Figure.Mark {
    /// The mark moved right by `dx` (legend markers are drawn around x = 0).
    func moved(by dx: Double) -> Figure.Mark {
        switch self {
        case .circle(let center, let radius, let fill, let stroke):
            .circle(center: .init(center.x + dx, center.y), radius: radius, fill: fill, stroke: stroke)
        case .polyline(let points, let stroke):
            .polyline(points.map { .init($0.x + dx, $0.y) }, stroke: stroke)
        case .rectangle(let x, let y, let width, let height, let fill, let stroke):
            .rectangle(x: x + dx, y: y, width: width, height: height, fill: fill, stroke: stroke)
        case .polygon(let points, let fill, let stroke):
            .polygon(points.map { .init($0.x + dx, $0.y) }, fill: fill, stroke: stroke)
        case .text(let string, let at, let size, let anchor, let color, let bold):
            .text(string, at: .init(at.x + dx, at.y), size: size, anchor: anchor, color: color, bold: bold)
        }
    }
}
