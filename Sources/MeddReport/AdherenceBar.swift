public import MeddCore

/// A medication's counts as one bar split in proportion: on time, late, skipped, missed.
public enum AdherenceBar {
    public static func figure(_ counts: AdherenceCounts, text: ReportText, width: Double = 80, height: Double = 8) -> Figure {
        let parts: [(AdherenceDay.Outcome, Int)] = [(.onTime, counts.onTime), (.late, counts.late), (.skipped, counts.skipped),
                                                    (.missed, counts.missed)]
        var marks: [Figure.Mark] = []
        if counts.total == 0 {
            marks.append(.rectangle(x: 0, y: 0, width: width, height: height, fill: Palette.fill(.nothing), stroke: nil))
        }
        var partX = 0.0
        for (outcome, count) in parts where count > 0 {
            let partWidth = width * Double(count) / Double(counts.total)
            marks.append(.rectangle(x: partX, y: 0, width: partWidth, height: height, fill: Palette.fill(outcome), stroke: nil))
            partX += partWidth
        }
        return Figure(width: width, height: height, marks: marks, summary: text.outcomeCounts(counts))
    }
}
