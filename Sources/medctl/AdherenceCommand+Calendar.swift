import MeddControl
import MeddCore

/// `--calendar`: the day-by-day view.
extension AdherenceCommand {
    func showCalendar() throws {
        let now = LocalTimeText.now()
        let rules = LocalTimeText.rules
        let last = rules.local(until?.instant(now: now) ?? now).date
        let first = since.map { rules.local($0.instant(now: now)).date } ?? last.adding(days: 1 - Self.calendarDays)
        let start = rules.startOfDay(first)
        let end = rules.startOfDay(last.adding(days: 1))
        let finals = try fromJournal
            ? JournalAdherence.finals(since: start, until: end, medication: medication)
            : daemonFinals(from: start, to: end)
        let days = CalendarDay.tally(finals, from: first, through: last, rules: rules)
        switch try ReportFormat.resolve(format, json: global.json) {
        case .json:
            try Output.json(.array(days.map(\.json)))
        case .csv:
            print(CSVText.document(header: CalendarDay.csvHeader, rows: days.map(\.csvRecord)), terminator: "")
        case .table:
            let source: AdherenceSource = fromJournal ? .journal : .ledger
            Output.line("Adherence by day, \(first) to \(last), \(medication ?? "all medications"), \(source.phrase)")
            CalendarGrid(days: days).lines.forEach(Output.line)
        }
    }

    /// The answered and missed doses `ListDoses` reports in `[from, to)`.
    private func daemonFinals(from: Instant, to: Instant) throws -> [FinalAnswer] {
        var parameters: [String: JSONValue] = [
            "from": .string(LocalTimeText.rules.format(from)),
            "to": .string(LocalTimeText.rules.format(to)),
        ]
        if let medication { parameters["medication"] = .string(medication) }
        let reply = try global.connect().call("ListDoses", parameters)
        return try DoseRow.list(reply["doses"]).compactMap { row in
            guard row.isFinal, let kind = EventKind(rawValue: row.state) else { return nil }
            return FinalAnswer(medication: row.medication, kind: kind, scheduled: row.scheduled, at: row.answeredAt ?? row.scheduled)
        }
    }
}
