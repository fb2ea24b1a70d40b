import MeddCore
import MeddTerminal

/// A dose's state and a journal event as people read them, in their language. The raw values
/// (`taken`, `low-stock`) are what `--json`, CSV and scripts see; these words are for display only,
/// and a value this medctl does not know (a newer daemon's) is shown as sent.
enum StateName {
    static func dose(_ state: String) -> String {
        guard let known = DoseState(rawValue: state) else { return state }
        switch known {
        // TRANSLATORS: a dose's state, in a table's STATE column and before an answer ("taken: Metformin
        // 500 mg, due 08:00"): not yet due.
        case .planned: return tr("planned")
        // TRANSLATORS: a dose's state: due, and not answered yet.
        case .pending: return tr("pending")
        // TRANSLATORS: a dose's state: put off for a few minutes.
        case .snoozed: return tr("snoozed")
        // TRANSLATORS: a dose's state: the person took it.
        case .taken: return tr("taken")
        // TRANSLATORS: a dose's state: the person chose not to take it.
        case .skipped: return tr("skipped")
        // TRANSLATORS: a dose's state: never answered, and too late now.
        case .missed: return tr("missed")
        // TRANSLATORS: a dose's state: due before medd tracked its medication, so nobody was reminded.
        case .untracked: return tr("untracked")
        // TRANSLATORS: a reminder to measure's state: its readings are recorded.
        case .measured: return tr("measured")
        }
    }

    /// What happened, in `medctl watch`'s lines.
    static func event(_ event: String) -> String {
        guard let known = EventKind(rawValue: event) else { return event }
        switch known {
        // TRANSLATORS: an event in `medctl watch`: a dose's reminder was shown.
        case .fired: return tr("fired")
        // TRANSLATORS: an event in `medctl watch`: a dose's reminder was shown again.
        case .renotified: return tr("renotified")
        // TRANSLATORS: an event in `medctl watch`: a dose's reminder was shown again as urgent.
        case .escalated: return tr("escalated")
        // TRANSLATORS: an event in `medctl watch`: a medication's stock is at its refill level.
        case .lowStock: return tr("low-stock")
        // TRANSLATORS: an event in `medctl watch`: a medication's expiry date is near.
        case .expiring: return tr("expiring")
        // TRANSLATORS: an event in `medctl watch`: a medication's expiry date has come.
        case .expired: return tr("expired")
        // TRANSLATORS: an event in `medctl watch`: an answer given on another device came after a later one and changed nothing.
        case .replaced: return tr("answer replaced")
        // TRANSLATORS: an event in `medctl watch`: units were added to a medication's stock (medctl refill).
        case .refilled: return tr("refilled")
        case .snoozed, .taken, .skipped, .missed, .measured: return dose(event)
        }
    }

    /// The state's word in its colour.
    static func styledDose(_ state: String, style: Style) -> String {
        style.state(state, shownAs: dose(state))
    }

    static func styledEvent(_ event: String, style: Style) -> String {
        style.state(event, shownAs: self.event(event))
    }
}
