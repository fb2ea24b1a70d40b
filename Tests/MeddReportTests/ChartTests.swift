import MeddCore
import Testing
@testable import MeddReport

/// The lateness chart and the calendar, mark by mark.
@Suite struct ChartTests {
    static let report = Report(ReportFixture.input())

    /// The y axis spans an hour early to two late at least, in round steps, wider for doses farther off.
    @Test func minuteScale() {
        let standard = MinuteScale([], limits: (-720, 1440))
        #expect((standard.low, standard.high, standard.step) == (-60, 120, 30))
        let wide = MinuteScale([-200, 30, 900], limits: (-720, 1440))
        #expect((wide.low, wide.high, wide.step) == (-240, 960, 240))
        let clamped = MinuteScale([5000], limits: (-720, 1440))
        #expect(clamped.high == 1440)
        #expect(MinuteScale.label(0, text: .english) == "due" && MinuteScale.label(90, text: .english) == "+1 h 30 min" && MinuteScale.label(-30, text: .english) == "−30 min")
    }

    /// A taken dose is a dot, a skipped one a square on its strip, a missed one a triangle on its; a dose
    /// taken beyond the scale is a triangle at the edge.
    @Test func marksOfDoses() {
        var medication = Self.report.medications[0]
        medication.doses.append(Report.Dose(due: "x", day: 3.5, outcome: .late, minutes: 3000))
        let figure = LatenessChart(medication, firstDay: Self.report.firstDay, dayCount: 7, width: 500, text: .english).figure
        let dots = figure.marks.filter { if case .circle(_, let radius, _, _) = $0 { radius == 2.3 } else { false } }
        let triangles = figure.marks.filter { if case .polygon = $0 { true } else { false } }
        #expect(dots.count == 3)
        #expect(triangles.count == 2 + 1)  // the late one beyond the scale, the missed one, the legend's
        #expect(figure.marks.contains { if case .text("1 late", _, _, _, _, _) = $0 { true } else { false } })
    }

    /// The axis names Mondays over a month, the 1st and 15th over half a year, months over longer.
    @Test func dayTicks() {
        let september = LocalDate(parsing: "2026-08-24")!
        #expect(DayTicks(firstDay: september, dayCount: 91, text: .english).ticks.map(\.label) == ["1 Sep", "15 Sep", "1 Oct", "15 Oct", "1 Nov", "15 Nov"])
        #expect(DayTicks(firstDay: september, dayCount: 14, text: .english).ticks.map(\.label) == ["24 Aug", "31 Aug"])
        #expect(DayTicks(firstDay: september, dayCount: 365, text: .english).ticks.first?.label == "Sep")
        #expect(DayTicks(firstDay: september, dayCount: 3000, text: .english).ticks.first?.label == "2027")
    }

    /// The report's 90 days from Monday 24 August: August is under way in the first column and September
    /// begins in the second, too close for both names on one line. Every month shown is named (September
    /// was left out), and no name runs into another or into the squares.
    @Test(arguments: [(ReportText.english, ["Aug 2026", "Sep", "Oct", "Nov"]),
                      (ReportLanguageTests.german, ["August 2026", "September", "Oktober", "November"])])
    func calendarNamesEveryMonthItShows(text: ReportText, months: [String]) throws {
        let start = LocalDate(parsing: "2026-08-24")!
        let days = (0..<91).map { AdherenceDay(date: start.adding(days: Int64($0)), counts: AdherenceCounts(onTime: 1)) }
        let strip = try #require(CalendarChart(days: days, width: 510, text: text).figures.first)
        let labels = strip.marks.compactMap { mark -> (text: String, x: Double, y: Double)? in
            if case .text(let label, let at, _, _, _, true) = mark { (label, at.x, at.y) } else { nil }
        }
        #expect(labels.map(\.text) == months)
        for (label, next) in zip(labels, labels.dropFirst()) where label.y == next.y {
            #expect(label.x + TextMetrics.width(label.text, size: 7.5, bold: true) < next.x, "\(label.text) runs into \(next.text)")
        }
        let squareTops = strip.marks.compactMap { if case .rectangle(_, let y, _, _, _, _) = $0 { y } else { nil } }
        #expect(squareTops.min()! > labels.map(\.y).max()! + 2)
    }

    /// Every day of the calendar is one square with its number, across as many strips as it takes.
    @Test func calendarHasEveryDayOnce() {
        let start = LocalDate(parsing: "2026-01-01")!
        let days = (0..<400).map { AdherenceDay(date: start.adding(days: Int64($0)), counts: AdherenceCounts(onTime: $0 % 3)) }
        let figures = CalendarChart(days: days, width: 510, text: .english).figures
        #expect(figures.count == 4)  // three strips of weeks, then the legend
        let squares = figures.dropLast().flatMap(\.marks).filter { if case .rectangle = $0 { true } else { false } }
        #expect(squares.count == 400)
        #expect(figures.last?.summary == "Days by outcome: all on time: 266, some late: 0, some skipped: 0, some missed: 0, none answered: 134.")
        #expect(CalendarChart(days: [], width: 510, text: .english).figures.isEmpty)
    }
}

/// A measurement's chart, mark by mark: a blood pressure's two series and its target's bounds as dashed
/// lines, a glucose target as a band, a weight's 7-day mean, the doses taken as ticks.
@Suite struct MeasurementChartTests {
    static func measurement(_ kind: MeasurementKind, target: MeasurementTarget?, points: [Report.Measurement.Point]) -> Report.Measurement {
        Report.Measurement(id: "m", name: kind.defaultName, kind: kind, unit: kind.defaultUnit, target: target, medications: ["Ramipril"],
                           readingCount: points.count, outsideTarget: 0, points: points, pointsAreDailyMeans: false,
                           dosesTaken: [0.33, 1.33, 2.33])
    }

    static func figure(_ measurement: Report.Measurement) -> Figure {
        MeasurementChart(measurement, firstDay: LocalDate(parsing: "2026-10-19")!, dayCount: 7, width: 500, text: .english).figure
    }

    static func strokes(_ figure: Figure, _ color: Color) -> [[Figure.Point]] {
        figure.marks.compactMap { if case .polyline(let points, let stroke) = $0, stroke.color == color { points } else { nil } }
    }

    @Test func bloodPressure() {
        let points = (0..<7).map { Report.Measurement.Point(day: Double($0) + 0.3, value: 140 - Double($0), diastolic: 88) }
        let figure = Self.figure(Self.measurement(.bloodPressure, target: .bloodPressure(systolic: 135, diastolic: 85), points: points))
        let dots = figure.marks.filter { if case .circle(_, 1.7, _, _) = $0 { true } else { false } }
        #expect(dots.count == 14, "systolic and diastolic")
        let dashed = Self.strokes(figure, MeasurementChart.targetColor).filter { $0.count == 2 && $0[0].y == $0[1].y }
        #expect(dashed.count == 2 + 1, "the two bounds and the legend's sample")
        let ticks = Self.strokes(figure, Palette.fill(.onTime))
        #expect(ticks.count == 3, "a tick for each dose taken")
        #expect(figure.marks.contains { if case .text("target 135/85", _, _, _, _, _) = $0 { true } else { false } })
    }

    @Test func glucoseBandAndWeightTrend() {
        let glucose = Self.figure(Self.measurement(.glucose, target: .range(low: 70, high: 140),
                                                   points: [.init(day: 1, value: 100), .init(day: 2, value: 150)]))
        #expect(glucose.marks.contains { if case .rectangle(_, _, _, _, Palette.onTimeBand?, nil) = $0 { true } else { false } })
        let weights = (0..<14).map { Report.Measurement.Point(day: Double($0) / 2, value: 80 - Double($0) / 10) }
        let weight = Self.figure(Self.measurement(.weight, target: nil, points: weights))
        let trend = Self.strokes(weight, MeasurementChart.trendColor).filter { $0.count > 2 }
        #expect(trend.count == 1 && trend[0].count == 14, "the 7-day mean through every reading")
        #expect(Self.strokes(glucose, MeasurementChart.trendColor).isEmpty)
    }
}
