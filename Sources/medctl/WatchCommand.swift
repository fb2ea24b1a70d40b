import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl watch`: one line per change, as it happens (Varlink `Watch`), never by polling.
struct WatchCommand: Verb {
    static let name = "watch"
    static var abstract: String { tr("Print one line per dose event as it happens.") }
    static var discussion: String {
        tr("""
            Lines look like `08:00:01  fired  metformin_20261122_08_00  Metformin 500 mg`. --json prints \
            each event as the daemon sends it, one JSON object per line: {"event", "at", "dose": {...}}. \
            --waybar prints a status-bar line at start and after every event, one JSON object per line: \
            {"text": "💊 2", "tooltip": "...", "class": "pending" | "snoozed" | "idle"} — for waybar's \
            custom module (`"exec": "medctl watch --waybar", "return-type": "json"`) or i3blocks \
            (persistent). When medd goes away, a last line with class "disconnected" is printed and \
            the exit status is 69.
            """)
    }

    static var options: [OptionSpec] { [.flag("waybar", tr("Print waybar/i3blocks-style JSON status lines instead of events."))] }

    let global: GlobalOptions
    let waybar: Bool

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
        waybar = arguments.flag("waybar")
    }

    func run() throws {
        let events = try global.connect()
        let bar = waybar ? WaybarStatus(client: try global.connect()) : nil
        if let bar { emit(bar.line()) }
        do {
            try events.stream("Watch") { (parameters) throws(ClientError) -> Bool in
                if let bar {
                    emit(bar.line())
                } else if global.json {
                    emit(Self.compact(.object(parameters)))
                } else {
                    emit(Self.eventLine(parameters))
                }
                return true
            }
        } catch {
            if bar != nil { emit(WaybarStatus.disconnected) }
            throw error
        }
    }

    /// A pipe to a status bar must see each line at once.
    private func emit(_ line: String) {
        Output.unbufferedLine(line)
    }

    static func eventLine(_ parameters: [String: JSONValue]) -> String {
        let style = Style.current
        let at = parameters["at"]?.stringValue.flatMap(Instant.init(iso8601:)).map { LocalTimeText.precise($0) } ?? "?"
        let event = parameters["event"]?.stringValue ?? "?"
        guard let dose = parameters["dose"].flatMap(DoseRow.init) else { return "\(at)  \(StateName.event(event))" }
        let line = "\(at)  \(StateName.styledEvent(event, style: style))  \(dose.id)  \(dose.name) \(dose.dose)"
        if let added = parameters["amount"]?.quantityValue, let stock = parameters["stock"]?.quantityValue {
            return line + "  " + RefillCommand.amounts(added, stock)
        }
        // A reading: its value and unit, and whether it is outside its target.
        guard let reading = parameters["reading"].flatMap(ReadingRow.init) else { return line }
        var text = ReadingText.value(reading.value, unit: reading.unit)
        if reading.inTarget == false, let target = reading.target {
            text += " (" + style.state("missed", shownAs: tr("outside %1$s", target)) + ")"
        }
        return line + text
    }

    static func compact(_ value: JSONValue) -> String {
        String(decoding: value.serialized, as: UTF8.self)
    }
}
