import MeddCore
import Testing
import MeddControl

/// The `Schedule` object of a `Medication` (`timing`), read back as what was written, and the
/// English words of `schedule` made from the same data.
@Suite struct ScheduleObjectTests {
    static func time(_ text: String) -> WallTime { WallTime(parsing: text)! }

    static let descriptions = [
        ScheduleDescription(schedule: .times([time("08:00"), time("20:00")], DayFilter(weekdays: [.mon, .fri], everyWeeks: 2)),
                            timeAmounts: [time("20:00"): DoseAmount(dose: "2 tablets", perDose: Quantity(thousandths: 1500))],
                            steps: [DoseStep(from: LocalDate(parsing: "2026-12-01")!, amount: DoseAmount(dose: "5 mg"),
                                             times: [time("09:00")], timeAmounts: [time("09:00"): DoseAmount(perDose: 2)])]),
        ScheduleDescription(schedule: .interval(every: .hours(8), from: time("07:00"), until: time("23:00"),
                                                DayFilter(everyDays: 2, cycle: Cycle(on: 21, off: 7), monthdays: [1, -1]))),
        ScheduleDescription(schedule: .afterTaken(interval: .minutes(90), from: time("08:00"), until: time("22:00"), DayFilter(everyMonths: 1))),
        ScheduleDescription(schedule: .asNeeded(minInterval: .hours(6), maxPerDay: 3)),
        ScheduleDescription(schedule: .asNeeded(minInterval: nil, maxPerDay: nil)),
    ]

    @Test(arguments: descriptions) func readBack(_ description: ScheduleDescription) throws {
        #expect(ScheduleDescription(varlinkValue: try JSONParser.parse(description.varlinkValue.serialized)) == description)
    }

    @Test func medicationCarriesBoth() {
        var medication = Medication(id: "met", name: "Metformin", dose: "500 mg",
                                    schedule: .interval(every: .hours(8), from: Self.time("07:00"), until: Self.time("23:00"), DayFilter()))
        medication.steps = Self.descriptions[0].steps
        let value = medication.varlinkValue(stock: nil, zone: .local)
        #expect(value["schedule"] == .string("every 8 h from 07:00 to 23:00; from 2026-12-01: 5 mg at 09:00 (2 units)"))
        #expect(value["timing"]?["kind"] == .string("interval") && value["timing"]?["intervalSeconds"] == .integer(28_800))
        #expect(value["timing"].flatMap(ScheduleDescription.init(varlinkValue:)) == medication.scheduleDescription)
    }

    @Test func malformedIsRefused() throws {
        for text in [#"{"kind":"times","steps":[]}"#, #"{"kind":"weekly","steps":[]}"#, #"{"kind":"asNeeded"}"#,
                     #"{"kind":"asNeeded","maxPerDay":0,"steps":[]}"#,
                     #"{"kind":"times","times":[{"time":"25:00"}],"steps":[]}"#,
                     #"{"kind":"times","times":[],"days":{"weekdays":["mon","someday"]},"steps":[]}"#,
                     #"{"kind":"times","times":[],"days":{"monthdays":[32]},"steps":[]}"#,
                     #"{"kind":"times","times":[],"days":{"cycleOn":3},"steps":[]}"#,
                     #"{"kind":"interval","intervalSeconds":0,"from":"07:00","until":"08:00","steps":[]}"#,
                     #"{"kind":"asNeeded","steps":[{"from":"2026-13-01"}]}"#,
                     #"{"kind":"asNeeded","steps":[{"from":"2026-12-01","perDose":"two"}]}"#] {
            #expect(ScheduleDescription(varlinkValue: try JSONParser.parse(Array(text.utf8))) == nil, "\(text)")
        }
    }
}
