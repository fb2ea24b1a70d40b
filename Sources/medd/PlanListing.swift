import MeddCommandLine
import MeddConfig
import MeddControl
import MeddCore
import MeddSystem
import MeddTerminal
import Systemd

/// `medd --plan`: the doses the configuration yields, without starting the daemon, as a table or
/// (`--json`) an array of `{"id", "med", "name", "dose", "scheduled", "usec"}` and `"person"` when the
/// medication has one. `medctl plan` runs this.
enum PlanListing {
    /// `--from`: a date, meaning local midnight, or an ISO 8601 instant. Checked without the local
    /// zone, which is read once, when the plan is made.
    enum Start: ArgumentValue, Equatable {
        case date(LocalDate)
        case instant(Instant)

        init?(argument: String) {
            if let date = LocalDate(parsing: argument) {
                self = .date(date)
            } else if let instant = Instant(iso8601: argument) {
                self = .instant(instant)
            } else {
                return nil
            }
        }

        // TRANSLATORS: completes "--from yesterday: expected %3$s"; YYYY-MM-DD and the example are typed as they are.
        static var expectation: String { tr("a date (YYYY-MM-DD) or an ISO 8601 instant such as 2027-03-10T00:00:00Z") }

        func instant(in zone: ZoneRules) -> Instant {
            switch self {
            case .date(let date): zone.startOfDay(date)
            case .instant(let instant): instant
            }
        }
    }

    /// The exit status: 0 listed, 1 the configuration has errors (printed).
    static func run(path: String, from: Start?, days: Int?, json: Bool) -> Int32 {
        let configuration: Configuration
        switch ConfigLoader.load(path: path) {
        case .success(let loaded):
            configuration = loaded
        case .failure(let errors):
            StandardErrorDestination.write(errors.localizedDescription)
            return 1
        }
        let zone = (try? SystemZones.localZone()) ?? .utc
        let start = from?.instant(in: zone) ?? Instant(usec: Int64(EventLoop.wallClockUsec()))
        let span = TimeSpan.days(Int64(days ?? configuration.settings.horizonDays))
        let doses = Planner(configuration: configuration, localZone: zone).doses(from: start, to: start + span)
        if json {
            print(JSONValue.array(doses.map { dose in
                var object: [String: JSONValue] = [
                    "id": .string(dose.id.description), "med": .string(dose.medication), "name": .string(dose.name),
                    "dose": .string(dose.doseText), "scheduled": .string(dose.scheduledText), "usec": .integer(Int(dose.scheduled.usec)),
                ]
                if let person = configuration.medication(dose.medication)?.person { object["person"] = .string(person) }
                return .object(object)
            }).prettyText)
        } else if doses.isEmpty {
            // TRANSLATORS: medd --plan found nothing: %1$s is when the plan starts (2026-11-22T08:00:00+01:00), %2$s
            // how long it runs (7d); both as medd writes them in every language.
            print(tr("no doses from %1$s for %2$s", zone.format(start), span.description))
        } else {
            // TRANSLATORS: the column headings of medd --plan's table of doses.
            let header = [tr("SCHEDULED"), tr("DOSE ID"), tr("MEDICATION"), tr("DOSE")]
            for line in TextTable.lines(header,
                                        doses.map { [$0.scheduledText, $0.id.description, $0.name, $0.doseText] }) {
                print(line)
            }
        }
        return 0
    }
}
