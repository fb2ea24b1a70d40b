import Foundation
import MeddCore
import MeddReport
import MeddTestSupport

/// A report's input over one week of Berlin time, with doses answered in every way.
enum ReportFixture {
    static let berlin = SystemZone.named("Europe/Berlin")
    /// Monday 2026-10-19 00:00 to Monday 2026-10-26 00:00, Berlin: the week of the change to winter time.
    static let since = at("2026-10-19T00:00:00+02:00")
    static let until = at("2026-10-26T00:00:00+01:00")

    static func time(_ text: String) -> WallTime {
        guard let time = WallTime(parsing: text) else { fatalError("bad time \(text)") }
        return time
    }

    static func at(_ text: String) -> Instant {
        guard let instant = Instant(iso8601: text) else { fatalError("bad instant \(text)") }
        return instant
    }

    static func dose(_ medication: String, _ due: String, _ state: EventKind, answered: String? = nil, reason: String? = nil,
                     note: String? = nil) -> ReportInput.Dose {
        ReportInput.Dose(medication: medication, name: medication == "met" ? "Metformin" : "Ramipril", doseText: "1 tablet",
                         scheduled: at(due), state: state, answeredAt: answered.map(at), reason: reason, note: note)
    }

    static let doses = [
        dose("met", "2026-10-19T08:00:00+02:00", .taken, answered: "2026-10-19T08:59:59+02:00"),
        dose("met", "2026-10-19T20:00:00+02:00", .taken, answered: "2026-10-19T21:00:01+02:00", note: "after <dinner> & \"tea\""),
        dose("met", "2026-10-20T08:00:00+02:00", .skipped, answered: "2026-10-20T08:10:00+02:00", reason: "nausea", note: "nausea"),
        dose("met", "2026-10-20T20:00:00+02:00", .missed, answered: "2026-10-20T22:00:00+02:00", reason: "not answered within grace",
             note: "not answered within grace"),
        dose("met", "2026-10-25T08:00:00+01:00", .taken, answered: "2026-10-25T07:40:00+01:00"),
        dose("ram", "2026-10-21T08:00:00+02:00", .taken, answered: "2026-10-21T12:30:00+02:00"),
    ]

    static func input(doses: [ReportInput.Dose] = doses, paper: Paper = .a4) -> ReportInput {
        var metformin = ReportInput.Medication(id: "met", name: "Metformin", dose: "500 mg", schedule: ScheduleDescription(schedule: .times([time("08:00"), time("20:00")], DayFilter())))
        metformin.person = "anna"
        metformin.notes = "with meals"
        metformin.stock = 40
        metformin.refillAt = 10
        metformin.stockSince = at("2026-10-01T09:00:00+02:00")
        metformin.stockStart = 60
        metformin.refillDue = at("2026-11-09T08:00:00+01:00")
        metformin.runsOut = at("2026-11-14T20:00:00+01:00")
        var ramipril = ReportInput.Medication(id: "ram", name: "Ramipril", dose: "5 mg", schedule: ScheduleDescription(schedule: .times([time("08:00")], DayFilter())))
        ramipril.person = "anna"
        let finals = doses.map {
            FinalAnswer(medication: $0.medication, kind: $0.state, scheduled: $0.scheduled, at: $0.answeredAt ?? $0.scheduled)
        }
        return ReportInput(since: since, until: until, now: at("2026-10-26T09:30:00+01:00"), zone: berlin, source: .ledger,
                           generator: "medd 0.0.0", paper: paper, people: [Person(id: "anna", name: "Anna Example")],
                           medications: [metformin, ramipril], doses: doses, adherence: Adherence.report(finals: finals))
    }
}
