import MeddCore
import MeddTestSupport
import Testing

/// A schedule put into words: English under the C locale (the control interface's `schedule`), and
/// German with de_DE's formats, where it used to stay English.
@Suite struct ScheduleWordsTests {
    typealias F = PlanFixture

    static func english(_ schedule: Schedule, amounts: [WallTime: DoseAmount] = [:], steps: [DoseStep] = []) -> String {
        ScheduleDescription(schedule: schedule, timeAmounts: amounts, steps: steps).english
    }

    /// A few of the catalog's messages as de.po has them, with German's plural rule.
    static let germanTranslator = TestTranslator(messages: [
        "every %1$s from %2$s to %3$s": "alle %1$s von %2$s bis %3$s",
        "as needed": "bei Bedarf",
        "as needed (%1$s)": "bei Bedarf (%1$s)",
        "at least %1$s apart": "mindestens %1$s Abstand",
        "on %1$s": "am %1$s",
        "from %1$s: %2$s": "ab %1$s: %2$s",
        "at %1$s": "um %1$s",
        "%1$s at %2$s": "%1$s um %2$s",
        "%1$d h": "%1$d Std.",
        "%1$d h %2$d min": "%1$d Std. %2$d Min.",
    ], plurals: [
        "at most %1$d dose a day": ["höchstens %1$d Dosis am Tag", "höchstens %1$d Dosen am Tag"],
        "%1$s unit": ["%1$s Einheit", "%1$s Einheiten"],
    ])

    static func german(_ description: ScheduleDescription) -> String {
        ScheduleWords(formats: TestLocaleFormats.german).words(description).text(using: germanTranslator)
    }

    @Test func timesWithTheirOwnDosesAndDays() {
        #expect(Self.english(.times([F.time("20:00"), F.time("06:45"), F.time("20:00")], DayFilter(weekdays: [.wed, .mon, .tue])))
            == "06:45, 20:00 on Mon, Tue, Wed")
        #expect(Self.english(.times([F.time("08:00"), F.time("20:00")], DayFilter()),
                             amounts: [F.time("20:00"): DoseAmount(dose: "2 tablets", perDose: 2)]) == "08:00, 20:00 (2 tablets, 2 units)")
        #expect(Self.english(.times([F.time("08:00")], DayFilter(weekdays: [.mon], everyWeeks: 2))) == "08:00 on Mon; every 2 weeks")
        #expect(Self.english(.times([F.time("08:00")], DayFilter(everyDays: 3, cycle: Cycle(on: 21, off: 7), everyMonths: 1)))
            == "08:00 every 3 days; every month; 21 days on, 7 off")
    }

    @Test func daysOfTheMonth() {
        #expect(Self.english(.times([F.time("08:00")], DayFilter(monthdays: [15, 1, -1])))
            == "08:00 on days 1, 15 of the month; on the last day of the month")
        #expect(Self.english(.times([F.time("08:00")], DayFilter(monthdays: [-2]))) == "08:00 on day 2 counted back from the month's end")
    }

    @Test func intervalsAndAsNeeded() {
        #expect(Self.english(.interval(every: .hours(8), from: F.time("07:00"), until: F.time("23:00"), DayFilter()))
            == "every 8 h from 07:00 to 23:00")
        #expect(Self.english(.afterTaken(interval: .minutes(90), from: F.time("08:00"), until: F.time("22:00"), DayFilter()))
            == "08:00, then 1 h 30 min after each dose is taken, until 22:00")
        #expect(Self.english(.asNeeded(minInterval: nil, maxPerDay: nil)) == "as needed")
        #expect(Self.english(.asNeeded(minInterval: .hours(6), maxPerDay: 1)) == "as needed (at least 6 h apart, at most 1 dose a day)")
    }

    @Test func taperingSteps() {
        let steps = [DoseStep(from: F.date("2026-12-01"), amount: DoseAmount(dose: "5 mg"), times: [F.time("08:00")]),
                     DoseStep(from: F.date("2026-12-08"), amount: DoseAmount(perDose: Quantity(thousandths: 500)))]
        #expect(Self.english(.times([F.time("08:00"), F.time("20:00")], DayFilter()), steps: steps)
            == "08:00, 20:00; from 2026-12-01: 5 mg at 08:00; from 2026-12-08: 0.5 units")
    }

    /// Seen in German: `every 8h 07:00–23:00`, `as needed (at least 6h apart, at most 3 a day)`, `06:45 on mon, tue, wed`,
    /// `from 2026-12-01: 5 mg at 08:00`.
    @Test func inGerman() {
        #expect(Self.german(ScheduleDescription(schedule: .interval(every: .hours(8), from: F.time("07:00"), until: F.time("23:00"),
                                                                     DayFilter())))
            == "alle 8 Std. von 07:00 bis 23:00")
        #expect(Self.german(ScheduleDescription(schedule: .asNeeded(minInterval: .hours(6), maxPerDay: 3)))
            == "bei Bedarf (mindestens 6 Std. Abstand, höchstens 3 Dosen am Tag)")
        #expect(Self.german(ScheduleDescription(schedule: .times([F.time("06:45")], DayFilter(weekdays: [.mon, .tue, .wed]))))
            == "06:45 am Mo, Di, Mi")
        let steps = [DoseStep(from: F.date("2026-12-01"), amount: DoseAmount(dose: "5 mg", perDose: Quantity(thousandths: 1500)),
                              times: [F.time("08:00")])]
        #expect(Self.german(ScheduleDescription(schedule: .times([F.time("08:00")], DayFilter()), steps: steps))
            == "08:00; ab 01.12.2026: 5 mg, 1,5 Einheiten um 08:00")
    }

    /// Times in the locale's clock: 12-hour in the United States, 时 and 分 in Chinese.
    @Test func timesFromTheLocale() {
        let schedule = ScheduleDescription(schedule: .times([F.time("20:00"), F.time("08:30")], DayFilter(weekdays: [.sat])))
        #expect(ScheduleWords(formats: TestLocaleFormats.american).words(schedule).text(using: EnglishTranslator())
            == "08:30 AM, 08:00 PM on Sat")
        #expect(ScheduleWords(formats: TestLocaleFormats.chinese).words(schedule).text(using: EnglishTranslator())
            == "08时30分, 20时00分 on 六")
    }
}
