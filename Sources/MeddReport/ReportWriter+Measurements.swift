import MeddCore

/// The report's readings and the effect of the medications on them: after the medications, only when
/// the period has readings or a measurement names a medication.
extension ReportWriter {
    typealias Measurement = Report.Measurement

    /// A measurement's name in the reader's language: its kind's default name translated, any other as written.
    static func measurementName(_ measurement: Measurement, text: ReportText) -> String {
        measurement.name == measurement.kind.defaultName ? text(measurement.kind.displayName) : measurement.name
    }

    /// `135/85`, `4–7,8` with the locale's decimal separator.
    static func targetText(_ target: MeasurementTarget, text: ReportText) -> String {
        switch target {
        case .bloodPressure(let systolic, let diastolic): "\(systolic)/\(diastolic)"
        case .range(let low, let high): text.amount(low) + "–" + text.amount(high)
        }
    }

    var measurementsSection: [Block] {
        guard !report.measurements.isEmpty else { return [] }
        // TRANSLATORS: a heading of the report: the readings taken (blood pressure, glucose, weight).
        let heading = Block.heading(text(Translatable("Readings")), level: 2)
        var blocks: [Block] = []
        for measurement in report.measurements {
            let section = section(measurement)
            blocks.append(.group(blocks.isEmpty ? [heading] + section : section))
        }
        // TRANSLATORS: explains the report's seven-day tables of readings, which follow the home blood-pressure protocols.
        blocks.append(.paragraph([Span(text(Translatable("""
            The last seven days of the period as home blood-pressure protocols read them: the mean of the readings \
            taken before noon (morning) and from noon (evening) each day, and the average of the readings without \
            the first day's. Outside target: readings above a blood pressure's target (either number), or outside \
            another measurement's range, as it was when they were taken.
            """)))], style: .note))
        return blocks
    }

    private func section(_ measurement: Measurement) -> [Block] {
        let name = Self.measurementName(measurement, text: text)
        let unit = unitWords(measurement.unit)
        var blocks: [Block] = [.heading(unit.isEmpty ? name : "\(name) (\(unit))", level: 3)]
        var about: [Span] = []
        func add(_ labelled: Translatable) {
            if !about.isEmpty { about.append(Span("  ·  ", color: Palette.muted)) }
            about += text.spans(labelled, textColor: Palette.muted)
        }
        // TRANSLATORS: the medications whose effect a measurement shows (%1$s: Lisinopril, Metformin) after their label, drawn grey.
        if !measurement.medications.isEmpty { add(Translatable("Medications: %1$s", measurement.medications.joined(separator: ", "))) }
        // TRANSLATORS: a measurement's target (%1$s: 135/85, 4–7) after its label, drawn grey.
        if let target = measurement.target { add(Translatable("Target: %1$s", Self.targetText(target, text: text))) }
        // TRANSLATORS: a measurement's ID in the configuration (%1$s: bp) after its label, drawn grey.
        add(Translatable("ID: %1$s", measurement.id))
        blocks.append(.paragraph(about, style: .body))
        let count = measurement.readingCount
        let counted: Translatable = if measurement.target != nil {
            // TRANSLATORS: %1$d readings in the period, %2$d of them outside the target, %3$s their share (12.5%).
            .plural("%1$d reading in this period, %2$d outside the target (%3$s).", "%1$d readings in this period, %2$d outside the target (%3$s).",
                    count: count, String(count), String(measurement.outsideTarget),
                    percentage(Double(measurement.outsideTarget) * 100 / Double(max(count, 1))))
        } else {
            // TRANSLATORS: how many readings of a measurement were taken in the report's period.
            .plural("%1$d reading in this period.", "%1$d readings in this period.", count: count, String(count))
        }
        blocks.append(.paragraph(text.spans(counted, bold: [1]), style: .body))
        if report.dayCount > 0 {
            blocks.append(.figure(MeasurementChart(measurement, firstDay: report.firstDay, dayCount: report.dayCount,
                                                   width: report.paper.contentWidth, text: text).figure))
        }
        if !measurement.week.isEmpty { blocks.append(.table(weekTable(measurement))) }
        return blocks
    }

    /// A row a day: its date, the morning and evening means, readings, readings outside the target; then
    /// the average without the first day.
    private func weekTable(_ measurement: Measurement) -> Table {
        let columns = [
            // TRANSLATORS: the column of the seven-day table of readings: the day.
            Table.Column(text(Translatable("Day"))),
            // TRANSLATORS: the column of the seven-day table of readings: the mean of the readings before noon.
            Table.Column(text(Translatable("Morning")), numeric: true),
            // TRANSLATORS: the column of the seven-day table of readings: the mean of the readings from noon.
            Table.Column(text(Translatable("Evening")), numeric: true),
            // TRANSLATORS: the column of the seven-day table of readings: how many readings the day has.
            Table.Column(text(Translatable("Readings")), numeric: true),
            // TRANSLATORS: the column of the seven-day table of readings: how many were outside the target.
            Table.Column(text(Translatable("Outside target")), numeric: true),
        ]
        var rows = measurement.week.map { day in
            [Cell(text.formats.abbreviatedWeekdayName(day.date.weekday) + " " + text.formats.date(day.date)),
             Cell(mean(day.morning, measurement)), Cell(mean(day.evening, measurement)), Cell(String(day.readings)),
             Cell(measurement.target == nil ? "–" : String(day.outsideTarget))]
        }
        let average = measurement.protocolAverage
        if measurement.week.count > 1 {
            // TRANSLATORS: the last row of the seven-day table of readings: the mean of its readings without the first day's.
            rows.append([Cell(text(Translatable("Average without day 1")), bold: true),
                         Cell(average.map { mean($0.mean, measurement) } ?? "–", bold: true), Cell(""),
                         Cell(String(average?.mean.count ?? 0), bold: true),
                         Cell(measurement.target == nil ? "–" : String(average?.outsideTarget ?? 0), bold: true)])
        }
        return Table(columns: columns, rows: rows, hasTotalRow: measurement.week.count > 1)
    }

    /// `138/88` for a blood pressure, `6,2` for glucose in mmol/L; `–` for no readings.
    private func mean(_ mean: Measurement.Mean?, _ measurement: Measurement) -> String {
        guard let mean else { return "–" }
        let decimals = Self.meanDecimals(measurement)
        let value = text.formats.decimal(FixedDecimal.text(mean.value, decimals: decimals))
        guard let diastolic = mean.diastolic else { return value }
        return value + "/" + text.formats.decimal(FixedDecimal.text(diastolic, decimals: decimals))
    }

    /// Whole numbers for what is measured in whole numbers (mmHg, mg/dL, bpm, %), else tenths; a plain number two decimals.
    static func meanDecimals(_ measurement: Measurement) -> Int {
        switch measurement.kind {
        case .bloodPressure, .heartRate, .spo2: 0
        case .glucose: measurement.unit == "mmol/L" ? 1 : 0
        case .weight, .temperature, .scale: 1
        case .number: 2
        }
    }

    private func unitWords(_ unit: String) -> String {
        switch unit {
        case "C": "°C"
        case "F": "°F"
        case "/10": "0–10"
        default: unit
        }
    }

    private func percentage(_ value: Double) -> String {
        text(Translatable("%1$s%%", text.formats.decimal(FixedDecimal.text(value, decimals: 1))))
    }

    var effectSection: [Block] {
        guard !report.effects.isEmpty else { return [] }
        // TRANSLATORS: a heading of the report: whether each medication seems to change the readings it is taken for.
        let heading = Block.heading(text(Translatable("Does it work?")), level: 2)
        var blocks: [Block] = []
        let columns = [
            // TRANSLATORS: a column of the report's effect table: a medication and the measurement it is judged by.
            Table.Column(text(Translatable("Medication · measurement"))),
            // TRANSLATORS: a column of the report's effect table: the verdict (likely effective, unclear, …).
            Table.Column(text(Translatable("Verdict"))),
            // TRANSLATORS: a column of the report's effect table: how sure the verdict is, in percent.
            Table.Column(text(Translatable("Confidence")), numeric: true),
            // TRANSLATORS: a column of the report's effect table: the median change around the doses taken.
            Table.Column(text(Translatable("Around doses"))),
            // TRANSLATORS: a column of the report's effect table: the mean of the 14 days before the last 14, and of the last 14.
            Table.Column(text(Translatable("Last 14 days"))),
            // TRANSLATORS: a column of the report's effect table: the share of doses taken.
            Table.Column(text(Translatable("Doses taken"))),
        ]
        let names = Dictionary(report.medications.map { ($0.id, $0.name) }) { first, _ in first }
        let measurements = Dictionary(report.measurements.map { ($0.id, Self.measurementName($0, text: text)) }) { first, _ in first }
        let rows = report.effects.map { effect in
            let figures = EffectFigures(effect, formats: text.formats)
            return [Cell([Span(names[effect.medication] ?? effect.medication, bold: true),
                          Span(" · " + (measurements[effect.measurement] ?? effect.measurement), color: Palette.muted)]),
                    Cell(text(figures.verdict), bold: true, color: Self.verdictColor(effect.verdict)), Cell(text(figures.confidence)),
                    Cell(text(figures.aroundDoses)), Cell(text(figures.trend)), Cell(text(figures.adherence))]
        }
        blocks.append(.group([heading, .table(Table(columns: columns, rows: rows))]))
        for effect in report.effects {
            let name = names[effect.medication] ?? effect.medication
            let measurement = measurements[effect.measurement] ?? effect.measurement
            blocks.append(.paragraph([Span(text(Translatable("%1$s, %2$s: %3$s", name, measurement, EffectFigures(effect, formats: text.formats).rule)))],
                                     style: .note))
        }
        blocks.append(.paragraph([Span(text(EffectFigures.caution), bold: true)], style: .body))
        return blocks
    }

    private static func verdictColor(_ verdict: MedicationEffect.Verdict) -> Color {
        switch verdict {
        case .likelyEffective: Color(0x007A5A)
        case .likelyIneffective: Color(0xB34700)
        case .unclear: Color(0x9A6700)
        case .notEnoughData: Palette.muted
        }
    }
}
