import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl meds`: the configured medications, their schedules and stock.
struct MedsCommand: Verb {
    static let name = "meds"
    static var abstract: String { tr("List the medications with their schedule, stock and whether they are paused.") }
    static var discussion: String {
        tr("""
            --json prints the daemon's list: [{"id", "name", "dose", "schedule" (in English), "timing" (the schedule \
            as data), "paused", "asNeeded"} \
            and, when set, "timezone", "pausedUntil", "stock", "refillAt", "notes", "person", "expires" (YYYY-MM-DD) with \
            "expiry" (current, expiring or expired), "personName", and for a counted stock "stockSince", \
            "stockStart", "refillDue" and "runsOut" (when the schedule brings it to refillAt, and the \
            first dose it does not cover)]. STATUS adds `expires DATE`, or `expired DATE` once \
            the day has come. When a medication is for someone, the table has a PERSON column with the \
            person label.
            """)
    }

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let reply = try global.connect().call("Medications")
        let medications = reply["medications"]?.arrayValue ?? []
        if global.json { return Output.json(.array(medications)) }
        guard !medications.isEmpty else { return Output.line(tr("no medications configured")) }
        let style = Style.current
        let rows = medications.map { medication in
            let stock = medication["stock"]?.quantityValue
            let refillAt = medication["refillAt"]?.quantityValue
            var stockText = stock?.localized ?? "–"
            // TRANSLATORS: %1$d doses are left, which is time to refill the medication.
            if let stock, let refillAt, stock <= refillAt { stockText = style.paint(tr("%1$d (refill)", stock.localized), "31") }
            var schedule = medication["timing"].flatMap(ScheduleDescription.init(varlinkValue:))?.localized
                ?? medication["schedule"]?.stringValue ?? ""
            if let zone = medication["timezone"]?.stringValue { schedule += " (\(zone))" }
            // TRANSLATORS: a medication's status: no reminders until it is resumed; the other is "active".
            var status = medication["paused"]?.boolValue == true ? style.dim(tr("paused")) : tr("active")
            if medication["paused"]?.boolValue != true, let until = Self.pausedUntil(medication) {
                // TRANSLATORS: a medication's status: no reminders before the day %1$s, when they resume.
                status = style.dim(tr("paused until %1$s", LocalTimeText.date(until)))
            }
            if let expiry = Self.expiryText(medication, style: style) { status += ", " + expiry }
            return [medication["id"]?.stringValue ?? "?",
                    TerminalText.cell("\(medication["name"]?.stringValue ?? "") \(medication["dose"]?.stringValue ?? "")"),
                    schedule, stockText, status]
        }
        let header = [ColumnHeading.id, ColumnHeading.medication, ColumnHeading.schedule, ColumnHeading.stock, ColumnHeading.status]
        guard medications.contains(where: { $0["person"]?.stringValue != nil }) else { return Output.table(header, rows) }
        Output.table(header + [ColumnHeading.person], zip(rows, medications).map { row, medication in
            row + [medication["person"]?.stringValue ?? "–"]
        })
    }

    /// The day a medication's doses resume on (`pausedUntil`), when it is still to come.
    static func pausedUntil(_ medication: JSONValue) -> LocalDate? {
        medication["pausedUntil"]?.stringValue.flatMap(LocalDate.init(parsing:)).flatMap { $0 > LocalTimeText.today() ? $0 : nil }
    }

    /// `expires 2027-03-01` (yellow within the warning), `expired 2027-03-01` (red); nil without a date.
    static func expiryText(_ medication: JSONValue, style: Style) -> String? {
        guard let expires = medication["expires"]?.stringValue else { return nil }
        let date = LocalDate(parsing: expires).map { LocalTimeText.date($0) } ?? expires
        switch medication["expiry"]?.stringValue {
        // TRANSLATORS: %1$s is the date a medication expired on.
        case "expired": return style.paint(tr("expired %1$s", date), "31")
        // TRANSLATORS: %1$s is the date a medication expires on.
        case "expiring": return style.paint(tr("expires %1$s", date), "33")
        default: return tr("expires %1$s", date)
        }
    }
}
