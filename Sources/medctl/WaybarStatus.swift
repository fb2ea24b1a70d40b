import MeddControl
import MeddCore

/// The status-bar line `medctl watch --waybar` prints: what is open now and what is next.
struct WaybarStatus {
    let client: ControlClient

    static let disconnected = WatchCommand.compact(.object([
        "text": .string("💊 ?"), "tooltip": .string("medd is not running"), "class": .string("disconnected"),
    ]))

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
            text = "💊 z\(snoozed)"
            cssClass = "snoozed"
        } else {
            text = "💊 " + (next.map { LocalTimeText.short($0.scheduled, today: day) } ?? "–")
            cssClass = "idle"
        }
        var tooltip = today.filter(\.isOpen).map {
            "\($0.state): \($0.name) \($0.dose), due \(LocalTimeText.short($0.scheduled, today: day))"
        }
        if let next { tooltip.append("next: \(next.name) \(next.dose) at \(LocalTimeText.short(next.scheduled, today: day))") }
        return WatchCommand.compact(.object([
            "text": .string(text),
            "tooltip": .string(tooltip.isEmpty ? "nothing planned" : tooltip.joined(separator: "\n")),
            "class": .string(cssClass),
        ]))
    }
}
