import MeddControl
import MeddCore

/// The final outcomes of the doses due on one local day.
struct CalendarDay {
    var date: LocalDate
    var counts: AdherenceCounts

    var outcome: CalendarOutcome { CalendarOutcome(self) }

    /// Every day from `first` through `last`, each with the answers of the doses due on it (local zone).
    static func tally(_ finals: [FinalAnswer], from first: LocalDate, through last: LocalDate,
                      rules: ZoneRules = LocalTimeText.rules) -> [CalendarDay] {
        let byDate = Dictionary(grouping: finals) { rules.local($0.scheduled).date }
        return (first.dayNumber...last.dayNumber).map { number in
            let date = LocalDate(dayNumber: number)
            return CalendarDay(date: date, counts: Adherence.report(finals: byDate[date] ?? []).total)
        }
    }

    var json: JSONValue {
        .object([
            "date": .string(date.iso8601),
            "onTime": .integer(counts.onTime),
            "late": .integer(counts.late),
            "skipped": .integer(counts.skipped),
            "missed": .integer(counts.missed),
        ])
    }

    var csvRecord: [String] {
        [date.iso8601] + [counts.onTime, counts.late, counts.skipped, counts.missed].map(String.init)
    }

    static let csvHeader = ["date", "on_time", "late", "skipped", "missed"]
}
