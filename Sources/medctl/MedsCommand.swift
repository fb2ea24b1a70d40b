import MeddControl
import MeddTerminal

/// `medctl meds`: the configured medications, their schedules and stock.
struct MedsCommand: Verb {
    static let name = "meds"
    static let abstract = "List the medications with their schedule, stock and whether they are paused."
    static let discussion = """
        --json prints the daemon's list: [{"id", "name", "dose", "schedule", "paused", "asNeeded"} \
        and, when set, "timezone", "stock", "refillAt", "notes", "person", "expires" (YYYY-MM-DD) with \
        "expiry" (current, expiring or expired), "personName", and for a counted stock "stockSince", \
        "stockStart", "refillDue" and "runsOut" (when the schedule brings it to refillAt, and the \
        first dose it does not cover)]. STATUS adds `expires DATE`, or `expired DATE` once \
        the day has come. When a medication is for someone, the table has a PERSON column with the \
        person label.
        """

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let reply = try global.connect().call("Medications")
        let medications = reply["medications"]?.arrayValue ?? []
        if global.json { return Output.json(.array(medications)) }
        guard !medications.isEmpty else { return Output.line("no medications configured") }
        let style = Style.current
        let rows = medications.map { medication in
            let stock = medication["stock"]?.intValue
            let refillAt = medication["refillAt"]?.intValue
            var stockText = stock.map(String.init) ?? "–"
            if let stock, let refillAt, stock <= refillAt { stockText = style.paint("\(stock) (refill)", "31") }
            var schedule = medication["schedule"]?.stringValue ?? ""
            if let zone = medication["timezone"]?.stringValue { schedule += " (\(zone))" }
            var status = medication["paused"]?.boolValue == true ? style.dim("paused") : "active"
            if let expiry = Self.expiryText(medication, style: style) { status += ", " + expiry }
            return [medication["id"]?.stringValue ?? "?",
                    TerminalText.cell("\(medication["name"]?.stringValue ?? "") \(medication["dose"]?.stringValue ?? "")"),
                    schedule, stockText, status]
        }
        let header = ["ID", "MEDICATION", "SCHEDULE", "STOCK", "STATUS"]
        guard medications.contains(where: { $0["person"]?.stringValue != nil }) else { return Output.table(header, rows) }
        Output.table(header + ["PERSON"], zip(rows, medications).map { row, medication in
            row + [medication["person"]?.stringValue ?? "–"]
        })
    }

    /// `expires 2027-03-01` (yellow within the warning), `expired 2027-03-01` (red); nil without a date.
    static func expiryText(_ medication: JSONValue, style: Style) -> String? {
        guard let expires = medication["expires"]?.stringValue else { return nil }
        switch medication["expiry"]?.stringValue {
        case "expired": return style.paint("expired \(expires)", "31")
        case "expiring": return style.paint("expires \(expires)", "33")
        default: return "expires \(expires)"
        }
    }
}
