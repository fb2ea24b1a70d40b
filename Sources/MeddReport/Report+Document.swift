import MeddCore

extension Report {
    /// What a doctor reads, in order: who and when; a summary per medication; the calendar; each
    /// medication with its schedule, stock and the lateness of each dose; the skipped and missed
    /// doses with their reasons; notes given with taken doses. Worded in `text`'s language and
    /// locale: the programs pass `.current`, the language they were started in.
    public func document(in text: ReportText) -> ReportDocument {
        ReportWriter(report: self, text: text).document
    }
}

/// Puts a report into the words of one language.
struct ReportWriter {
    typealias Block = ReportDocument.Block
    typealias Span = ReportDocument.Span
    typealias Table = ReportDocument.Table
    typealias Cell = ReportDocument.Table.Cell
    typealias Medication = Report.Medication
    typealias Dose = Report.Dose
    typealias Stock = Report.Stock

    let report: Report
    let text: ReportText

    /// More distinct due times than this read as no schedule at all (as-needed doses).
    static let dueTimesShown = 6

    var document: ReportDocument {
        var blocks = header
        blocks += summary
        blocks += calendarSection
        for medication in report.medications { blocks.append(section(medication)) }
        blocks += measurementsSection
        blocks += effectSection
        blocks += exceptions
        blocks += takenNotes
        return ReportDocument(title: title, footer: title, language: text.languageTag, paper: report.paper, blocks: blocks)
    }

    private var whom: String? { report.people.isEmpty ? nil : report.people.joined(separator: ", ") }

    private var reportTitle: String {
        // TRANSLATORS: the adherence report's title, for a doctor: heading its first page, in its document title and page footers.
        text(Translatable("Medication report"))
    }

    private var periodWords: String {
        let dayCount = report.dayCount
        guard dayCount > 0 else {
            // TRANSLATORS: the report's period when it covers no day at all.
            return text(Translatable("no days"))
        }
        let first = text.longDate(report.firstDay)
        guard dayCount > 1 else {
            // TRANSLATORS: the report's period when it is one day: %1$s is the date, %2$d the number of days (1).
            return text(.plural("%1$s (%2$d day)", "%1$s (%2$d days)", count: dayCount, first, String(dayCount)))
        }
        // TRANSLATORS: the report's period: from the date %1$s through the date %2$s, %3$d days in all.
        return text(.plural("%1$s to %2$s (%3$d day)", "%1$s to %2$s (%3$d days)", count: dayCount, first,
                            text.longDate(report.lastDay), String(dayCount)))
    }

    private var title: String {
        var period: String?
        if report.dayCount > 0 {
            // TRANSLATORS: the report's dates in its document title and page footers: from the date %1$s through the date %2$s.
            period = text(Translatable("%1$s to %2$s", text.titleDate(report.firstDay), text.titleDate(report.lastDay)))
        }
        return [reportTitle, whom, period].compactMap { $0 }.joined(separator: " — ")
    }

    private var header: [Block] {
        var blocks: [Block] = [.heading(reportTitle, level: 1)]
        if let whom { blocks.append(.paragraph([Span(whom, bold: true)], style: .lead)) }
        blocks.append(.paragraph([Span(periodWords)], style: .lead))
        let since = text.dateTime(report.since)
        let until = text.dateTime(report.until)
        let made = text.dateTime(report.generatedAt)
        let source = report.source.words(text)
        let provenance = if let host = report.host {
            // TRANSLATORS: under the report's title: %1$s and %2$s are a date and time each; %3$s when the report was made, %4$s the program ("medd 0.8.0"), %5$s where the answers come from ("medd's ledger", "the journal"), %6$s the name of the machine.
            text(Translatable("Doses due from %1$s to %2$s, local time. Made %3$s by %4$s from %5$s (recorded on %6$s).",
                              since, until, made, report.generator, source, host))
        } else {
            // TRANSLATORS: under the report's title: %1$s and %2$s are a date and time each; %3$s when the report was made, %4$s the program ("medd 0.8.0"), %5$s where the answers come from ("medd's ledger", "the journal").
            text(Translatable("Doses due from %1$s to %2$s, local time. Made %3$s by %4$s from %5$s.",
                              since, until, made, report.generator, source))
        }
        blocks.append(.paragraph([Span(provenance)], style: .note))
        return blocks
    }

    private var summary: [Block] {
        // TRANSLATORS: a heading of the report: the counts of every medication.
        var blocks: [Block] = [.heading(text(Translatable("Summary")), level: 2)]
        let total = report.total
        if total.total == 0 {
            blocks.append(.paragraph([Span(text(Translatable("No dose due in this period has been taken, skipped or missed.")))],
                                     style: .body))
        } else {
            // TRANSLATORS: %1$s is the share of doses taken (87.5%), %2$d how many doses count; then the counts of each outcome. If your language inflects the outcomes' words by number, write them as labels ("on time: %3$d").
            let sentence = Translatable.plural("%1$s of the %2$d dose due was taken: %3$d on time, %4$d late; %5$d skipped, %6$d missed.",
                                               "%1$s of the %2$d doses due were taken: %3$d on time, %4$d late; %5$d skipped, %6$d missed.",
                                               count: total.total, text.percentage(total), String(total.total), String(total.onTime),
                                               String(total.late), String(total.skipped), String(total.missed))
            blocks.append(.paragraph(text.spans(sentence, bold: [1]), style: .body))
        }
        guard !report.medications.isEmpty else { return blocks }
        let columns = [
            // TRANSLATORS: a table's column: the medication (its name and dose).
            Table.Column(text(Translatable("Medication"))),
            // TRANSLATORS: the summary table's column: a medication's schedule (08:00, 20:00).
            Table.Column(text(Translatable("Schedule"))),
        ] + countColumns
        var rows = report.medications.map { medication in
            [Cell([Span(medication.name, bold: true), Span(medication.dose.isEmpty ? "" : " " + medication.dose)]),
             Cell(scheduleAndStatus(medication))] + countCells(medication.counts)
        }
        if report.medications.count > 1 {
            // TRANSLATORS: the summary table's last row: the counts over every medication.
            rows.append([Cell(text(Translatable("Total")), bold: true), Cell("")] + countCells(total, bold: true))
        }
        blocks.append(.table(Table(columns: columns, rows: rows, hasTotalRow: report.medications.count > 1)))
        // TRANSLATORS: explains the summary table's columns; "Taken %%" is that column's name (%% is the percent sign).
        blocks.append(.paragraph([Span(text(Translatable("""
            On time: taken no later than an hour after the due time (or before it). Late: taken more than an hour \
            after it. Skipped: answered as not taken. Missed: not answered within the grace period. Taken %% = taken \
            ÷ (taken + skipped + missed); doses not answered yet are not counted. A later answer replaces an \
            earlier one.
            """)))], style: .note))
        return blocks
    }

    /// The columns `countCells` fills: the counts of each outcome, the share taken and its bar.
    private var countColumns: [Table.Column] {
        [
            // TRANSLATORS: the summary table's column: how many doses were taken on time.
            Table.Column(text(Translatable("On time")), numeric: true),
            // TRANSLATORS: the summary table's column: how many doses were taken late.
            Table.Column(text(Translatable("Late")), numeric: true),
            // TRANSLATORS: the summary table's column: how many doses were skipped.
            Table.Column(text(Translatable("Skipped")), numeric: true),
            // TRANSLATORS: the summary table's column: how many doses were missed.
            Table.Column(text(Translatable("Missed")), numeric: true),
            // TRANSLATORS: the summary table's column of the share of doses taken, in per cent (%% is the percent sign).
            Table.Column(text(Translatable("Taken %%")), numeric: true),
            Table.Column(""),
        ]
    }

    /// The schedule, or the times of day the journal's doses were due: `08:00, 20:00`, `due at 08:00`.
    private func schedule(_ medication: Medication) -> String {
        guard let dueTimes = medication.dueTimes, !dueTimes.isEmpty else {
            return medication.schedule.map { ScheduleWords(formats: text.formats).words($0).text(using: text.translator) } ?? ""
        }
        if dueTimes.count > Self.dueTimesShown {
            // TRANSLATORS: a medication's schedule when only its doses are known (from the journal): they were due at this many times of day.
            return text(.plural("due at %1$d time of day", "due at %1$d times of day", count: dueTimes.count, String(dueTimes.count)))
        }
        // TRANSLATORS: a medication's schedule when only its doses are known (from the journal): %1$s is the times of day they were due (08:00, 20:00).
        return text(Translatable("due at %1$s", dueTimes.map(text.formats.time).joined(separator: ", ")))
    }

    private func scheduleAndStatus(_ medication: Medication) -> String {
        let schedule = schedule(medication)
        // An as-needed schedule says so itself.
        guard let status = medication.status, !(status == .asNeeded && medication.schedule != nil) else { return schedule }
        guard !schedule.isEmpty else { return self.status(status) }
        // TRANSLATORS: something followed by a remark on it in brackets: a schedule and a medication's status ("08:00 (paused)"), a time a dose was taken and how late ("08:10 (10 min after due)").
        return text(Translatable("%1$s (%2$s)", schedule, self.status(status)))
    }

    private func status(_ status: Medication.Status) -> String {
        switch status {
        // TRANSLATORS: a medication's status: its reminders are paused.
        case .paused: text(Translatable("paused"))
        // TRANSLATORS: a medication's status: taken as needed, without a schedule.
        case .asNeeded: text(Translatable("as needed"))
        // TRANSLATORS: a medication's status: its doses are in the ledger but it is no longer configured.
        case .removed: text(Translatable("no longer in the configuration"))
        }
    }

    private func countCells(_ counts: AdherenceCounts, bold: Bool = false) -> [Cell] {
        [counts.onTime, counts.late, counts.skipped, counts.missed].map { Cell("\($0)", bold: bold) }
            + [Cell(text.percentage(counts), bold: true), Cell(figure: AdherenceBar.figure(counts, text: text))]
    }

    private var calendarSection: [Block] {
        var blocks = monthSection
        let figures = CalendarChart(days: report.calendar, width: report.paper.contentWidth, text: text).figures
        guard !figures.isEmpty else { return blocks }
        // TRANSLATORS: a heading of the report: the calendar of its days.
        let heading = Block.heading(text(Translatable("Day by day")), level: 2)
        blocks += [.group([heading, .figure(figures[0])])] + figures.dropFirst().map(Block.figure)
        blocks.append(.paragraph([Span(text(Translatable("Each square is a day, coloured by the worst outcome of the doses due that day.")))],
                                 style: .note))
        return blocks
    }

    /// For a period longer than a year, the months before its last twelve: a row each with the counts
    /// over every medication.
    private var monthSection: [Block] {
        guard !report.months.isEmpty else { return [] }
        // TRANSLATORS: a heading of the report: the counts of each month before its last twelve months, which it shows day by day.
        let heading = Block.heading(text(Translatable("Month by month")), level: 2)
        let columns = [
            // TRANSLATORS: the column of the report's table of months: the month and its year.
            Table.Column(text(Translatable("Month"))),
        ] + countColumns
        let rows = report.months.map { month in
            [Cell(text.calendarMonth(month.month, year: month.year))] + countCells(month.counts)
        }
        // TRANSLATORS: under the report's table of months: %1$s is the date from which it shows the doses day by day.
        let note = text(Translatable("The doses before %1$s, month by month over every medication; from then on the report shows them day by day, with their lateness, reasons and notes.",
                                     text.longDate(report.detailFirstDay)))
        return [.group([heading, .table(Table(columns: columns, rows: rows))]), .paragraph([Span(note)], style: .note)]
    }

    private func section(_ medication: Medication) -> Block {
        var blocks: [Block] = [.heading(medication.dose.isEmpty ? medication.name : "\(medication.name) \(medication.dose)", level: 3)]
        var about: [Span] = []
        func add(_ labelled: Translatable) {
            if !about.isEmpty { about.append(Span("  ·  ", color: Palette.muted)) }
            about += text.spans(labelled, textColor: Palette.muted)
        }
        let schedule = schedule(medication)
        // TRANSLATORS: a medication's schedule after its label (%1$s: 08:00, 20:00); the label is drawn grey.
        if !schedule.isEmpty { add(Translatable("Schedule: %1$s", schedule)) }
        // TRANSLATORS: a medication's status (%1$s: paused, as needed) after its label, drawn grey.
        if let status = medication.status { add(Translatable("Status: %1$s", self.status(status))) }
        // TRANSLATORS: the name of the person a medication is for (%1$s) after its label, drawn grey.
        if let person = medication.person { add(Translatable("For: %1$s", person)) }
        // TRANSLATORS: the notes the configuration has on a medication (%1$s) after their label, drawn grey.
        if let notes = medication.notes, !notes.isEmpty { add(Translatable("Notes: %1$s", notes)) }
        // TRANSLATORS: a medication's ID in the configuration (%1$s: met, ramipril) after its label, drawn grey.
        add(Translatable("ID: %1$s", medication.id))
        blocks.append(.paragraph(about, style: .body))
        blocks.append(.paragraph(adherenceWords(medication), style: .body))
        if let lateness = latenessWords(medication) { blocks.append(.paragraph([Span(lateness)], style: .body)) }
        if let stock = medication.stock { blocks.append(.paragraph(stockWords(stock), style: .body)) }
        if medication.status != .asNeeded, !medication.doses.isEmpty, report.dayCount > 0 {
            let chart = LatenessChart(medication, firstDay: report.firstDay, dayCount: report.dayCount, startDay: report.summarizedDays,
                                      width: report.paper.contentWidth, text: text)
            blocks.append(.figure(chart.figure))
        }
        return .group(blocks)
    }

    private func adherenceWords(_ medication: Medication) -> [Span] {
        let counts = medication.counts
        guard counts.total > 0 else { return [Span(text(Translatable("No dose of it due in this period was taken, skipped or missed.")))] }
        if medication.status == .asNeeded {
            // TRANSLATORS: of a medication taken as needed.
            return [Span(text(.plural("Taken %1$d time in this period.", "Taken %1$d times in this period.", count: counts.taken,
                                      String(counts.taken))))]
        }
        // TRANSLATORS: of one medication: %1$s is the share of its doses taken (87.5%), %2$d how many doses count; then the counts of each outcome. If your language inflects the outcomes' words by number, write them as labels ("on time: %3$d").
        let sentence = Translatable.plural("Taken %1$s of %2$d dose: %3$d on time, %4$d late, %5$d skipped, %6$d missed.",
                                           "Taken %1$s of %2$d doses: %3$d on time, %4$d late, %5$d skipped, %6$d missed.",
                                           count: counts.total, text.percentage(counts), String(counts.total), String(counts.onTime),
                                           String(counts.late), String(counts.skipped), String(counts.missed))
        return text.spans(sentence, bold: [1])
    }

    /// When the taken doses were taken, in words: the median and the latest.
    private func latenessWords(_ medication: Medication) -> String? {
        guard medication.status != .asNeeded else { return nil }
        let minutes = medication.doses.filter { $0.outcome == .onTime || $0.outcome == .late }.compactMap(\.minutes).sorted()
        guard let latest = minutes.last else { return nil }
        let median = minutes[(minutes.count - 1) / 2]
        guard latest > median else {
            // TRANSLATORS: when a medication's taken doses were taken: %1$s is the median ("12 min after due", "at the due time").
            return text(Translatable("Taken doses: the median %1$s.", text.lateness(minutes: median)))
        }
        // TRANSLATORS: when a medication's taken doses were taken: %1$s is the median, %2$s the latest ("12 min after due", "1 h 5 min after due").
        return text(Translatable("Taken doses: the median %1$s, the latest %2$s.", text.lateness(minutes: median),
                                 text.lateness(minutes: latest)))
    }

    private func stockWords(_ stock: Stock) -> [Span] {
        var spans: [Span] = []
        // TRANSLATORS: a medication's stock: how many units (tablets, doses) are left.
        let left = text(.plural("%1$d unit left", "%1$d units left", count: stock.level.pluralCount, text.amount(stock.level)))
        if let refillAt = stock.refillAt, stock.level <= refillAt {
            // TRANSLATORS: %1$s is how many units are left ("5 units left"), %2$d the number of units at which to refill.
            spans += text.spans(Translatable("%1$s — at or below the refill level of %2$d: refill now.", left, text.amount(refillAt)),
                                bold: [1])
        } else if let refillAt = stock.refillAt {
            // TRANSLATORS: %1$s is how many units are left ("40 units left"), %2$d the number of units at which to refill.
            spans += text.spans(Translatable("%1$s (refill at %2$d).", left, text.amount(refillAt)), bold: [1])
        } else {
            // TRANSLATORS: %1$s is how many units of a medication are left ("40 units left"): a sentence of its own.
            spans += text.spans(Translatable("%1$s.", left), bold: [1])
        }
        var sentences: [String] = []
        let refillDue = stock.refillAt.flatMap { refillAt in stock.refillDue.map { (text.amount(refillAt), text.dateTime($0)) } }
        let runsOut = stock.runsOut.map(text.dateTime)
        switch (refillDue, runsOut) {
        case let ((refillAt, due)?, runsOut?):
            // TRANSLATORS: if every dose is taken as planned: %1$d is the refill level, %2$s and %3$s the due date and time of a dose.
            sentences.append(text(Translatable("On schedule: down to %1$d with the dose due %2$s; none left for the dose due %3$s.",
                                               refillAt, due, runsOut)))
        case let ((refillAt, due)?, nil):
            // TRANSLATORS: if every dose is taken as planned: %1$d is the refill level, %2$s the due date and time of a dose.
            sentences.append(text(Translatable("On schedule: down to %1$d with the dose due %2$s.", refillAt, due)))
        case let (nil, runsOut?):
            // TRANSLATORS: if every dose is taken as planned: %1$s is the due date and time of the first dose the stock does not cover.
            sentences.append(text(Translatable("On schedule: none left for the dose due %1$s.", runsOut)))
        case (nil, nil):
            break
        }
        if let since = stock.since, let start = stock.start {
            // TRANSLATORS: %1$d is how many units the stock count started from, %2$s the date it started.
            sentences.append(text(Translatable("Counted from %1$d on %2$s.", text.amount(start), text.date(since))))
        }
        if !sentences.isEmpty { spans.append(Span(" " + sentences.joined(separator: " "))) }
        // TRANSLATORS: a medication's stock after its label, drawn grey: %1$s is how many units are left and when they run out ("40 units left (refill at 10). On schedule: ...").
        return text.spans(Translatable("Stock: %1$s", spans.map(\.text).joined()), textColor: Palette.muted, styled: [1: spans])
    }

    /// Every skipped and missed dose, oldest first, across medications.
    /// A Note column only when some dose has a note besides its reason.
    private var exceptions: [Block] {
        let doses = dosesInOrder { $0.outcome == .skipped || $0.outcome == .missed }
        let withNotes = doses.contains { $0.1.distinctNote != nil }
        let rows = doses.map { medication, dose in
            [Cell(text.dateTime(dose.due)), Cell(medication.name),
             Cell(text.outcome(dose.outcome), bold: true, color: dose.outcome == .skipped ? Color(0x1F6FA8) : Color(0xB34700)),
             Cell(reason(dose))] + (withNotes ? [Cell(dose.distinctNote ?? "")] : [])
        }
        // TRANSLATORS: a heading of the report, over its table of every dose skipped or missed.
        let heading = Block.heading(text(Translatable("Skipped and missed doses")), level: 2)
        // TRANSLATORS: under the heading "Skipped and missed doses" when there is none.
        guard !rows.isEmpty else { return [heading, .paragraph([Span(text(Translatable("None.")))], style: .body)] }
        let columns = [
            // TRANSLATORS: a table's column: the date and time a dose was due.
            Table.Column(text(Translatable("Due"))),
            Table.Column(text(Translatable("Medication"))),
            // TRANSLATORS: the column of the table of skipped and missed doses that says which (skipped, missed).
            Table.Column(text(Translatable("Outcome"))),
            // TRANSLATORS: the column of the table of skipped and missed doses: the reason given.
            Table.Column(text(Translatable("Reason"))),
        ] + (withNotes ? [noteColumn] : [])
        return [heading, .table(Table(columns: columns, rows: rows))]
    }

    /// The reason given, the daemon's own for a dose it marked missed in the reader's language.
    private func reason(_ dose: Dose) -> String {
        guard let reason = dose.reason else { return "" }
        return MissedReason(recorded: reason).map { text($0.words) } ?? reason
    }

    /// The notes given with taken doses, oldest first.
    private var takenNotes: [Block] {
        let rows = dosesInOrder { ($0.outcome == .onTime || $0.outcome == .late) && $0.distinctNote != nil }.map { medication, dose in
            [Cell(text.dateTime(dose.due)), Cell(medication.name), Cell(whenTaken(dose)), Cell(dose.distinctNote ?? "")]
        }
        guard !rows.isEmpty else { return [] }
        let columns = [
            Table.Column(text(Translatable("Due"))),
            Table.Column(text(Translatable("Medication"))),
            // TRANSLATORS: the column of the table of notes with taken doses: when each was taken (08:10 (10 min after due)); the same word as the notification's button.
            Table.Column(text(Translatable("Taken"))),
            noteColumn,
        ]
        // TRANSLATORS: a heading of the report, over its table of the notes given with taken doses.
        return [.heading(text(Translatable("Notes on taken doses")), level: 2), .table(Table(columns: columns, rows: rows))]
    }

    private var noteColumn: Table.Column {
        // TRANSLATORS: a table's column: the note given with a dose's answer.
        Table.Column(text(Translatable("Note")))
    }

    /// When a dose was taken, only the time when on the day it was due, and how that compares with its due time.
    private func whenTaken(_ dose: Dose) -> String {
        let answered = dose.answered.map { answered in
            ReportText.dateAndTime(answered)?.0 == ReportText.dateAndTime(dose.due)?.0 ? text.time(of: answered) : text.dateTime(answered)
        }
        let lateness = dose.minutes.map { text.lateness(minutes: $0) }
        guard let answered, let lateness else { return answered ?? lateness ?? "" }
        return text(Translatable("%1$s (%2$s)", answered, lateness))
    }

    private func dosesInOrder(_ include: (Dose) -> Bool) -> [(Medication, Dose)] {
        report.medications.flatMap { medication in medication.doses.filter(include).map { (medication, $0) } }
            .sorted { ($0.1.day, $0.0.name) < ($1.1.day, $1.0.name) }
    }
}
