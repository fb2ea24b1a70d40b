import MeddControl
import MeddCore

/// The status-bar line `medctl watch --waybar` prints: what is open now and what is next.
struct WaybarStatus {
    let client: ControlClient

    /// The line when medd cannot be asked; the keys and the class stay as waybar reads them.
    static var disconnected: String {
        WatchCommand.compact(.object([
            "text": .string("💊 ?"), "tooltip": .string(tr("medd is not running")), "class": .string("disconnected"),
        ]))
    }

    /// Asks the daemon (Status, today's doses) and renders the line.
    func line() -> String {
        do {
            let status = try client.call("Status")
            LocalTimeText.followDaemon(status: status)
            let today = LocalTimeText.today()
            let doses = try DoseRow.list(try client.call("ListDoses", DoseQuery.day(today).listDosesParameters)["doses"])
            return Self.render(status: status, today: doses, day: today)
        } catch {
            return Self.disconnected
        }
    }

    static func render(status: [String: JSONValue], today: [DoseRow], day: LocalDate) -> String {
        let pending = status["pending"]?.intValue ?? 0
        let snoozed = status["snoozed"]?.intValue ?? 0
        let next = status["nextDose"].flatMap(DoseRow.init)
        let text: String
        let cssClass: String
        if pending > 0 {
            text = "💊 \(pending)"
            cssClass = "pending"
        } else if snoozed > 0 {
            // TRANSLATORS: the status bar's text while doses are snoozed: 💊 and %1$d, how many; "z" as in "zzz", sleeping.
            text = tr("💊 z%1$d", String(snoozed))
            cssClass = "snoozed"
        } else {
            text = "💊 " + (next.map { LocalTimeText.short($0.scheduled, today: day) } ?? "–")
            cssClass = "idle"
        }
        var tooltip = today.filter(\.isOpen).map {
            // TRANSLATORS: a line of the status bar's tooltip: %1$s is the dose's state (pending, snoozed), %2$s the
            // medication and dose (Metformin 500 mg), %3$s when it was due.
            tr("%1$s: %2$s, due %3$s", StateName.dose($0.state), "\($0.name) \($0.dose)", LocalTimeText.short($0.scheduled, today: day))
        }
        if let next {
            // TRANSLATORS: the status bar's tooltip: %1$s is the next medication and dose, %2$s its time.
            tooltip.append(tr("next: %1$s at %2$s", "\(next.name) \(next.dose)", LocalTimeText.short(next.scheduled, today: day)))
        }
        return WatchCommand.compact(.object([
            "text": .string(text),
            "tooltip": .string(tooltip.isEmpty ? tr("nothing planned") : tooltip.joined(separator: "\n")),
            "class": .string(cssClass),
        ]))
    }
}
