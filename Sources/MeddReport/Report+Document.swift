import MeddCore

extension Report {
    private typealias Block = ReportDocument.Block
    private typealias Span = ReportDocument.Span
    private typealias Table = ReportDocument.Table
    private typealias Cell = ReportDocument.Table.Cell

    /// What a doctor reads, in order: who and when; a summary per medication; the calendar; each
    /// medication with its schedule, stock and the lateness of each dose; the skipped and missed
    /// doses with their reasons; notes given with taken doses.
    public var document: ReportDocument {
        var blocks = header
        blocks += summary
        blocks += calendarSection
        for medication in medications { blocks.append(section(medication)) }
        blocks += exceptions
        blocks += takenNotes
        return ReportDocument(title: title, footer: footer, paper: paper, blocks: blocks)
    }

    private var whom: String? { people.isEmpty ? nil : people.joined(separator: ", ") }

    private var periodWords: String {
        guard dayCount > 0 else { return "no days" }
        let days = ReportText.count(dayCount, "day", "days")
        return dayCount == 1 ? "\(ReportText.longDate(firstDay)) (\(days))"
            : "\(ReportText.longDate(firstDay)) to \(ReportText.longDate(lastDay)) (\(days))"
    }

    private var title: String {
        ["Medication report", whom, dayCount > 0 ? "\(ReportText.shortDate(firstDay)) \(firstDay.year) to "
            + "\(ReportText.shortDate(lastDay)) \(lastDay.year)" : nil].compactMap { $0 }.joined(separator: " — ")
    }

    private var footer: String { title }

    private var header: [Block] {
        var blocks: [Block] = [.heading("Medication report", level: 1)]
        if let whom { blocks.append(.paragraph([Span(whom, bold: true)], style: .lead)) }
        blocks.append(.paragraph([Span(periodWords)], style: .lead))
        var provenance = "Doses due from \(since) to \(until), local time. Made \(generatedAt) by \(generator) from \(source)"
        if let host { provenance += " (recorded on \(host))" }
        blocks.append(.paragraph([Span(provenance + ".")], style: .note))
        return blocks
    }

    private var summary: [Block] {
        var blocks: [Block] = [.heading("Summary", level: 2)]
        if total.total == 0 {
            blocks.append(.paragraph([Span("No dose due in this period has been taken, skipped or missed.")], style: .body))
        } else {
            blocks.append(.paragraph([
                Span(ReportText.percentage(total), bold: true),
                Span(" of the \(ReportText.count(total.total, "dose", "doses")) due were taken: "),
                Span("\(total.onTime) on time, \(total.late) late; \(total.skipped) skipped, \(total.missed) missed."),
            ], style: .body))
        }
        guard !medications.isEmpty else { return blocks }
        let columns = [
            Table.Column("Medication", weight: 2.8), Table.Column("Schedule", weight: 2.1),
            Table.Column("On time", numeric: true, weight: 1.3), Table.Column("Late", numeric: true, weight: 0.95),
            Table.Column("Skipped", numeric: true, weight: 1.3), Table.Column("Missed", numeric: true, weight: 1.2),
            Table.Column("Taken %", numeric: true, weight: 1.3), Table.Column("", weight: 1.5),
        ]
        var rows = medications.map { medication in
            var schedule = medication.schedule
            if let status = medication.status { schedule += schedule.isEmpty ? status.phrase : " (\(status.phrase))" }
            return [Cell([Span(medication.name, bold: true), Span(medication.dose.isEmpty ? "" : " " + medication.dose)]),
                    Cell(schedule)] + Self.countCells(medication.counts)
        }
        if medications.count > 1 { rows.append([Cell("Total", bold: true), Cell("")] + Self.countCells(total, bold: true)) }
        blocks.append(.table(Table(columns: columns, rows: rows, hasTotalRow: medications.count > 1)))
        blocks.append(.paragraph([Span("""
            On time: taken no later than an hour after the due time (or before it). Late: taken more than an hour \
            after it. Skipped: answered as not taken. Missed: not answered within the grace period. Taken % = taken \
            ÷ (taken + skipped + missed); doses not answered yet are not counted. A later answer replaces an \
            earlier one.
            """)], style: .note))
        return blocks
    }

    private static func countCells(_ counts: AdherenceCounts, bold: Bool = false) -> [Cell] {
        [counts.onTime, counts.late, counts.skipped, counts.missed].map { Cell("\($0)", bold: bold) }
            + [Cell(ReportText.percentage(counts), bold: true), Cell(figure: AdherenceBar.figure(counts))]
    }

    private var calendarSection: [Block] {
        let figures = CalendarChart(days: calendar, width: paper.contentWidth).figures
        guard !figures.isEmpty else { return [] }
        return [.group([.heading("Day by day", level: 2), .figure(figures[0])])] + figures.dropFirst().map(Block.figure)
            + [.paragraph([Span("Each square is a day, coloured by the worst outcome of the doses due that day.")], style: .note)]
    }

    private func section(_ medication: Medication) -> Block {
        var blocks: [Block] = [.heading(medication.dose.isEmpty ? medication.name : "\(medication.name) \(medication.dose)", level: 3)]
        var about: [Span] = []
        func add(_ label: String, _ value: String) {
            if !about.isEmpty { about.append(Span("  ·  ", color: Palette.muted)) }
            about += [Span(label + ": ", color: Palette.muted), Span(value)]
        }
        if !medication.schedule.isEmpty { add("Schedule", medication.schedule) }
        if let status = medication.status { add("Status", status.phrase) }
        if let person = medication.person { add("For", person) }
        if let notes = medication.notes, !notes.isEmpty { add("Notes", notes) }
        add("ID", medication.id)
        blocks.append(.paragraph(about, style: .body))
        blocks.append(.paragraph(Self.adherenceWords(medication), style: .body))
        if let lateness = Self.latenessWords(medication) { blocks.append(.paragraph([Span(lateness)], style: .body)) }
        if let stock = medication.stock { blocks.append(.paragraph(Self.stockWords(stock), style: .body)) }
        if medication.status != .asNeeded, !medication.doses.isEmpty, dayCount > 0 {
            blocks.append(.figure(LatenessChart(medication, firstDay: firstDay, dayCount: dayCount, width: paper.contentWidth).figure))
        }
        return .group(blocks)
    }

    private static func adherenceWords(_ medication: Medication) -> [Span] {
        let counts = medication.counts
        guard counts.total > 0 else { return [Span("No dose of it due in this period was taken, skipped or missed.")] }
        if medication.status == .asNeeded {
            return [Span("Taken \(ReportText.count(counts.taken, "time", "times")) in this period.")]
        }
        return [Span("Taken ", color: Palette.muted), Span(ReportText.percentage(counts), bold: true),
                Span(" of \(ReportText.count(counts.total, "dose", "doses")): \(counts.onTime) on time, \(counts.late) late, "
                    + "\(counts.skipped) skipped, \(counts.missed) missed.")]
    }

    /// When the taken doses were taken, in words: the median and the latest.
    private static func latenessWords(_ medication: Medication) -> String? {
        guard medication.status != .asNeeded else { return nil }
        let minutes = medication.doses.filter { $0.outcome == .onTime || $0.outcome == .late }.compactMap(\.minutes).sorted()
        guard let latest = minutes.last else { return nil }
        let median = minutes[(minutes.count - 1) / 2]
        var words = "Taken doses: the median \(ReportText.lateness(minutes: median))"
        if latest > median { words += ", the latest \(ReportText.lateness(minutes: latest))" }
        return words + "."
    }

    private static func stockWords(_ stock: Stock) -> [Span] {
        var spans = [Span("Stock: ", color: Palette.muted), Span(ReportText.count(stock.level, "unit", "units") + " left", bold: true)]
        if let refillAt = stock.refillAt {
            spans.append(Span(stock.level <= refillAt ? " — at or below the refill level of \(refillAt): refill now" : " (refill at \(refillAt))"))
        }
        var forecast: [String] = []
        if let refillDue = stock.refillDue, let refillAt = stock.refillAt { forecast.append("down to \(refillAt) with the dose due \(refillDue)") }
        if let runsOut = stock.runsOut { forecast.append("none left for the dose due \(runsOut)") }
        if !forecast.isEmpty { spans.append(Span(". On schedule: " + forecast.joined(separator: "; "))) }
        if let since = stock.since, let start = stock.start { spans.append(Span(". Counted from \(start) on \(since)")) }
        spans.append(Span("."))
        return spans
    }

    /// Every skipped and missed dose, oldest first, across medications.
    /// A Note column only when some dose has a note besides its reason.
    private var exceptions: [Block] {
        let doses = dosesInOrder { $0.outcome == .skipped || $0.outcome == .missed }
        let withNotes = doses.contains { $0.1.distinctNote != nil }
        let rows = doses.map { medication, dose in
            [Cell(dose.due), Cell(medication.name), Cell(dose.outcome == .skipped ? "skipped" : "missed", bold: true,
                                                        color: dose.outcome == .skipped ? Color(0x1F6FA8) : Color(0xB34700)),
             Cell(dose.reason ?? "")] + (withNotes ? [Cell(dose.distinctNote ?? "")] : [])
        }
        let heading = Block.heading("Skipped and missed doses", level: 2)
        guard !rows.isEmpty else { return [heading, .paragraph([Span("None.")], style: .body)] }
        let columns = [Table.Column("Due", weight: 1.6), Table.Column("Medication", weight: 1.8), Table.Column("Outcome", weight: 1),
                       Table.Column("Reason", weight: withNotes ? 2.6 : 4.6)] + (withNotes ? [Table.Column("Note", weight: 2)] : [])
        return [heading, .table(Table(columns: columns, rows: rows))]
    }

    /// The notes given with taken doses, oldest first.
    private var takenNotes: [Block] {
        let rows = dosesInOrder { ($0.outcome == .onTime || $0.outcome == .late) && $0.distinctNote != nil }.map { medication, dose in
            // Only the time when taken on the day it was due.
            let answered = dose.answered.map { $0.prefix(11) == dose.due.prefix(11) ? String($0.dropFirst(11)) : $0 }
            let when = [answered, dose.minutes.map { "(\(ReportText.lateness(minutes: $0)))" }].compactMap { $0 }.joined(separator: " ")
            return [Cell(dose.due), Cell(medication.name), Cell(when), Cell(dose.distinctNote ?? "")]
        }
        guard !rows.isEmpty else { return [] }
        let columns = [Table.Column("Due", weight: 1.6), Table.Column("Medication", weight: 1.8), Table.Column("Taken", weight: 2.4),
                       Table.Column("Note", weight: 3.2)]
        return [.heading("Notes on taken doses", level: 2), .table(Table(columns: columns, rows: rows))]
    }

    private func dosesInOrder(_ include: (Dose) -> Bool) -> [(Medication, Dose)] {
        medications.flatMap { medication in medication.doses.filter(include).map { (medication, $0) } }
            .sorted { ($0.1.day, $0.0.name) < ($1.1.day, $1.0.name) }
    }
}
