import Foundation
import MeddCore
import PropertyBased
import Testing
import MeddTestSupport

/// Properties of the planner over random configurations: random zones (four DST-awkward ones and UTC),
/// random times biased into the 00:45–03:14 window where the gaps and overlaps are, random `every`,
/// `days`, `every_days`, `cycle`, `monthdays`, `every_weeks`, `every_months`, `start`/`end`, doses of particular times, tapering steps, horizons
/// of up to three weeks around transitions, and four years for the calendar rules (months of 28 to 31 days).
@Suite struct PlannerPropertyTests {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"]
    /// Transition days of the zones above (and an ordinary one), as UTC midnights.
    static let anchors = ["2027-03-14", "2027-11-07", "2027-03-28", "2027-10-31", "2027-04-04", "2027-10-03", "2027-01-04"]
    static let steps: [Int64] = [15, 30, 45, 60, 90, 120, 360, 433, 1440]

    // MARK: - Generators

    struct MedicationSpec: Sendable {
        var zone: Int  // index into zones; zones.count = inherit the settings zone
        var kind: Int  // 0, 1: fixed times; 2: every
        var times: [Int]
        var step: Int
        var window: [Int]
        var weekdayMask: Int
        var everyDays: Int
        var cycle: Int
        var startOffset: Int?
        var length: Int?
        /// Days of the month (zeros dropped); none: no `monthdays`.
        var monthdays: [Int]
        /// Bit i: the i-th time has a dose of its own.
        var timeAmountMask: Int
        var steps: [StepSpec]
        /// 0: no calendar rule; 1: `every_weeks`, 2: `every_months`, each of `calendarCount`.
        var calendarRule: Int
        var calendarCount: Int
    }

    /// A tapering step: days after the previous one (or the anchor), its own times if any, a dose text if any.
    struct StepSpec: Sendable {
        var afterDays: Int
        var times: [Int]?
        var dose: Int
    }

    static let stepSpec = zip(Gen.int(in: 1...20), Gen.int(in: 0..<2880).array(of: 1...3).optional, Gen.int(in: 0...3))
        .map { StepSpec(afterDays: $0.0, times: $0.1, dose: $0.2) }

    struct Scenario: Sendable, CustomStringConvertible {
        var medications: [Medication]
        var settingsZone: ZoneChoice
        var localZone: String
        var from: Instant
        var to: Instant
        /// A later instant to re-plan from, in `[from, to]`.
        var later: Instant
        var laterLength: TimeSpan

        var planner: Planner {
            var settings = Settings()
            settings.timezone = settingsZone
            // The reminders of measurements among `medications` are planned as the measurements' own.
            let measurements = medications.filter { $0.measures != nil }.map { reminders in
                var measurement = Measurement(id: reminders.id, kind: reminders.measures!, schedule: reminders.schedule)
                measurement.reminders = reminders
                return measurement
            }
            return Planner(configuration: Configuration(settings: settings, medications: medications.filter { $0.measures == nil },
                                                        measurements: measurements).withZonesLoaded(),
                           localZone: SystemZone.named(localZone))
        }

        func zone(of medication: Medication) -> TimeZone {
            switch medication.timezone ?? settingsZone {
            case .local: return TimeZone(identifier: localZone)!
            case .named(let name): return TimeZone(identifier: name)!
            }
        }

        var description: String {
            let meds = medications.map { med in
                "\(med.id): \(med.schedule) start=\(med.start?.description ?? "-") end=\(med.end?.description ?? "-") zone=\(med.timezone?.description ?? "-")"
            }
            return "settings=\(settingsZone) local=\(localZone) [\(from), \(to)) later=\(later)+\(laterLength)\n  " + meds.joined(separator: "\n  ")
        }
    }

    static let medicationSpec = zip(
        Gen.int(in: 0...zones.count),
        Gen.int(in: 0...2),
        Gen.int(in: 0..<2880).array(of: 1...4),
        Gen.int(in: 0..<steps.count),
        Gen.int(in: 0..<1440).array(of: 2),
        Gen.int(in: 0...127),
        Gen.int(in: 0...4),
        Gen.int(in: 0..<36),
        zip(Gen.int(in: -40...40).optional, Gen.int(in: 0...60).optional),
        zip(Gen.int(in: -31...31).array(of: 0...4), Gen.int(in: 0...15), stepSpec.array(of: 0...3), Gen.int(in: 0...2), Gen.int(in: 1...5))
    ).map { MedicationSpec(zone: $0.0, kind: $0.1, times: $0.2, step: $0.3, window: $0.4, weekdayMask: $0.5,
                           everyDays: $0.6, cycle: $0.7, startOffset: $0.8.0, length: $0.8.1, monthdays: $0.9.0,
                           timeAmountMask: $0.9.1, steps: $0.9.2, calendarRule: $0.9.3, calendarCount: $0.9.4) }

    static let scenario = zip(
        medicationSpec.array(of: 1...4),
        Gen.int(in: 0..<anchors.count),
        Gen.int(in: -72 * 60...72 * 60),
        Gen.int(in: 60...21 * 24 * 60),
        Gen.int(in: 0...1000),
        Gen.int(in: 0...21 * 24 * 60),
        Gen.int(in: 0...zones.count),
        Gen.int(in: 0..<zones.count)
    ).map { specs, anchorIndex, fromMinute, lengthMinutes, laterPermille, laterMinutes, settingsZone, localZone in
        let anchorDay = dayNumber(anchors[anchorIndex])
        let from = Instant(seconds: anchorDay * 86_400 + Int64(fromMinute) * 60 + 17)
        let to = from + .minutes(Int64(lengthMinutes))
        let later = from + TimeSpan(seconds: (to.seconds - from.seconds) * Int64(laterPermille) / 1000)
        let medications = specs.enumerated().map { index, spec in makeMedication("m\(index)", spec, anchorDay: anchorDay) }
        return Scenario(
            medications: medications,
            settingsZone: settingsZone == zones.count ? .local : .named(zones[settingsZone]),
            localZone: zones[localZone], from: from, to: to, later: later, laterLength: .minutes(Int64(laterMinutes)))
    }

    /// `dayScale` stretches the day offsets (start, end, steps), to spread them over years.
    static func makeMedication(_ id: String, _ spec: MedicationSpec, anchorDay: Int64, dayScale: Int = 1) -> Medication {
        let times = wallTimes(spec.times)
        let weekdays = spec.weekdayMask == 0 ? nil : Set(Weekday.allCases.enumerated().filter { spec.weekdayMask & (1 << $0.offset) != 0 }.map(\.element))
        let cycle = spec.cycle / 6 == 0 ? nil : Cycle(on: spec.cycle / 6, off: spec.cycle % 6)
        let monthdays = Set(spec.monthdays.filter { $0 != 0 })
        // The configuration takes `monthdays` alone, without `days`, `every_days` or `cycle`; `every_weeks` only with
        // `days`, `every_months` only with `monthdays` (each optional).
        let filter = switch spec.calendarRule {
        case 1: DayFilter(weekdays: weekdays, everyWeeks: spec.calendarCount)
        case 2: DayFilter(monthdays: monthdays.isEmpty ? nil : monthdays, everyMonths: spec.calendarCount)
        default: monthdays.isEmpty
            ? DayFilter(weekdays: weekdays, everyDays: spec.everyDays == 0 ? nil : spec.everyDays, cycle: cycle)
            : DayFilter(monthdays: monthdays)
        }
        let schedule: Schedule
        if spec.kind == 2 {
            let window = spec.window.sorted()
            schedule = .interval(every: .minutes(steps[spec.step]), from: WallTime(minuteOfDay: window[0])!,
                                 until: WallTime(minuteOfDay: window[1])!, filter)
        } else {
            schedule = .times(times, filter)
        }
        var med = Medication(id: id, name: id.uppercased(), dose: "1", schedule: schedule)
        // The configuration requires `start` whenever `every_days`, `cycle`, `every_weeks` or `every_months` is set.
        var startOffset = spec.startOffset
        if startOffset == nil, filter.everyDays != nil || filter.cycle != nil || filter.everyWeeks != nil || filter.everyMonths != nil {
            startOffset = -10
        }
        med.start = startOffset.map { LocalDate(dayNumber: anchorDay + Int64($0 * dayScale)) }
        med.end = spec.length.map { LocalDate(dayNumber: anchorDay + Int64((startOffset ?? -30) * dayScale) + Int64($0 * dayScale)) }
        med.timezone = spec.zone == zones.count ? nil : .named(zones[spec.zone])
        if spec.kind != 2 { med.timeAmounts = amounts(of: times, mask: spec.timeAmountMask, prefix: "T") }
        var stepDay = anchorDay - Int64(10 * dayScale)
        for (index, stepSpec) in spec.steps.enumerated() {
            stepDay += Int64(stepSpec.afterDays * dayScale)
            let stepTimes = stepSpec.times.map(wallTimes)
            med.steps.append(DoseStep(
                from: LocalDate(dayNumber: stepDay),
                amount: DoseAmount(dose: stepSpec.dose == 0 ? nil : "S\(index)", perDose: stepSpec.dose == 3 ? 2 : nil),
                times: stepTimes,
                timeAmounts: stepTimes.map { amounts(of: $0, mask: stepSpec.dose, prefix: "S\(index)T") } ?? [:]))
        }
        return med
    }

    /// Half of the generated times fall in 00:45–03:14, where every gap and overlap above lies.
    static func wallTimes(_ minutes: [Int]) -> [WallTime] {
        minutes.map { $0 < 1440 ? $0 : 45 + ($0 - 1440) % 150 }.map { WallTime(minuteOfDay: $0)! }
    }

    /// A dose of its own (`PREFIX` and the time) for the times whose bit is set in `mask`.
    static func amounts(of times: [WallTime], mask: Int, prefix: String) -> [WallTime: DoseAmount] {
        var amounts: [WallTime: DoseAmount] = [:]
        for (index, time) in times.enumerated() where mask & (1 << index) != 0 {
            amounts[time] = DoseAmount(dose: "\(prefix)\(time)")
        }
        return amounts
    }

    // MARK: - Independent model

    /// Days since 1970-01-01 of a `YYYY-MM-DD` date, by Foundation.
    static func dayNumber(_ text: String) -> Int64 {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Int64(formatter.date(from: text)!.timeIntervalSince1970) / 86_400
    }

    /// The zone's single DST transition within two days of a naive local second, if any, with the
    /// offsets before and after it. Built on Foundation's `TimeZone`, not on `ZoneRules`.
    struct Transition {
        let at: Int64
        let before: Int
        let after: Int
    }

    static func transition(near naive: Int64, in zone: TimeZone) -> Transition? {
        guard let next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(naive - 2 * 86_400))),
              next.timeIntervalSince1970 <= Double(naive + 2 * 86_400) else { return nil }
        let at = Int64(next.timeIntervalSince1970)
        let following = zone.nextDaylightSavingTimeTransition(after: next)
        precondition(following.map { $0.timeIntervalSince1970 > Double(naive + 2 * 86_400) } ?? true, "two transitions within 4 days")
        return Transition(at: at, before: zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(at - 1))),
                          after: zone.secondsFromGMT(for: next))
    }

    /// The DST rules, read directly: before/inside a gap or overlap, the offset before the
    /// transition applies (gap: that names the shifted instant; overlap: the first one); after it, the new one.
    static func expectedInstant(naive: Int64, in zone: TimeZone) -> Int64 {
        if let t = transition(near: naive, in: zone) {
            return naive < t.at + Int64(max(t.before, t.after)) ? naive - Int64(t.before) : naive - Int64(t.after)
        }
        return naive - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(naive))))
    }

    /// `every_weeks`, by Foundation's calendar with weeks from Monday (iCalendar's default): the week of `day`
    /// is a multiple of `every` weeks after the week of `startDay`, and without `days` it is `startDay`'s weekday.
    static func inWeekOfTurn(_ day: Int64, startDay: Int64, every: Int, weekdayGiven: Bool) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        let start = Date(timeIntervalSince1970: Double(startDay) * 86_400)
        if !weekdayGiven, calendar.component(.weekday, from: date) != calendar.component(.weekday, from: start) { return false }
        let weekOfDate = calendar.dateInterval(of: .weekOfYear, for: date)!.start
        let weekOfStart = calendar.dateInterval(of: .weekOfYear, for: start)!.start
        return calendar.dateComponents([.weekOfYear], from: weekOfStart, to: weekOfDate).weekOfYear!.isMultiple(of: every)
    }

    /// `every_months`, by Foundation's calendar: the month of `day` is a multiple of `every` months after the
    /// month of `startDay`, and without `monthdays` it is `startDay`'s day of the month.
    static func inMonthOfTurn(_ day: Int64, startDay: Int64, every: Int, monthdayGiven: Bool) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        let start = Date(timeIntervalSince1970: Double(startDay) * 86_400)
        if !monthdayGiven, calendar.component(.day, from: date) != calendar.component(.day, from: start) { return false }
        let monthOfDate = calendar.dateInterval(of: .month, for: date)!.start
        let monthOfStart = calendar.dateInterval(of: .month, for: start)!.start
        return calendar.dateComponents([.month], from: monthOfStart, to: monthOfDate).month!.isMultiple(of: every)
    }

    struct ModelDose: Hashable, CustomStringConvertible {
        let id: String
        let second: Int64
        let dose: String
        var description: String { "\(id)@\(Instant(seconds: second)) \(dose)" }
    }

    /// Every dose the configuration names in `[from, to)`, by brute force over calendar days from Foundation.
    static func model(_ scenario: Scenario, from: Instant, to: Instant) -> Set<ModelDose> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var result = Set<ModelDose>()
        for med in scenario.medications where !med.paused {
            let zone = scenario.zone(of: med)
            let filter: DayFilter
            let scheduledMinutes: [Int]
            switch med.schedule {
            case .asNeeded, .afterTaken: continue  // never generated here
            case .times(let times, let f):
                filter = f
                scheduledMinutes = times.map(\.minuteOfDay)
            case .interval(let every, let start, let until, let f):
                filter = f
                scheduledMinutes = Array(stride(from: start.minuteOfDay, through: until.minuteOfDay, by: Int(every.seconds / 60)))
            }
            let stepDays = med.steps.map { dayNumber($0.from.iso8601) }
            let startDay = med.start.map { dayNumber($0.iso8601) }
            let endDay = med.end.map { dayNumber($0.iso8601) }
            for day in (from.seconds / 86_400 - 2)...(to.seconds / 86_400 + 2) {
                if let startDay, day < startDay { continue }
                if let endDay, day > endDay { continue }
                let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(day) * 86_400))
                let weekday = Weekday.allCases[(parts.weekday! + 5) % 7]  // Foundation: 1 = Sunday
                if let weekdays = filter.weekdays, !weekdays.contains(weekday) { continue }
                let sinceStart = day - (startDay ?? 0)
                if let n = filter.everyDays, sinceStart % Int64(n) != 0 { continue }
                if let cycle = filter.cycle, sinceStart % Int64(cycle.on + cycle.off) >= Int64(cycle.on) { continue }
                if let monthdays = filter.monthdays {
                    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
                    let length = calendar.range(of: .day, in: .month, for: date)!.count
                    if !monthdays.contains(parts.day!), !monthdays.contains(parts.day! - length - 1) { continue }
                }
                if let weeks = filter.everyWeeks, let startDay, !Self.inWeekOfTurn(day, startDay: startDay, every: weeks, weekdayGiven: filter.weekdays != nil) {
                    continue
                }
                if let months = filter.everyMonths, let startDay,
                   !Self.inMonthOfTurn(day, startDay: startDay, every: months, monthdayGiven: filter.monthdays != nil) { continue }
                let compact = String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
                // Steps begun by this day, in turn: the latest times (with their doses) and the latest dose.
                var minutes = scheduledMinutes
                var timeDoses = med.timeAmounts.compactMapValues(\.dose)
                var stepDose = med.dose
                for (step, stepDay) in Swift.zip(med.steps, stepDays) where stepDay <= day {
                    if let dose = step.amount.dose { stepDose = dose; timeDoses = [:] }
                    if let times = step.times { minutes = times.map(\.minuteOfDay); timeDoses = step.timeAmounts.compactMapValues(\.dose) }
                }
                for minute in Set(minutes) {
                    let second = expectedInstant(naive: day * 86_400 + Int64(minute) * 60, in: zone)
                    guard second >= from.seconds, second < to.seconds else { continue }
                    let dose = timeDoses[WallTime(minuteOfDay: minute)!] ?? stepDose
                    result.insert(ModelDose(id: "\(med.id)_\(compact)_" + String(format: "%02d_%02d", minute / 60, minute % 60),
                                            second: second, dose: dose))
                }
            }
        }
        return result
    }

    // MARK: - Properties

    /// (a) No ID appears twice in any horizon, and results come in (instant, ID) order.
    @Test func noDuplicateIDs() async {
        await propertyCheck(count: 500, input: Self.scenario) { scenario in
            let doses = scenario.planner.doses(from: scenario.from, to: scenario.to)
            #expect(Set(doses.map(\.id)).count == doses.count)
            #expect(Swift.zip(doses, doses.dropFirst()).allSatisfy { ($0.scheduled, $0.id) < ($1.scheduled, $1.id) })
            #expect(doses.allSatisfy { $0.scheduled >= scenario.from && $0.scheduled < scenario.to })
        }
    }

    /// (b) Re-planning from any later instant agrees on every shared ID, loses nothing in the overlap,
    /// and `dose(_:)` returns the same dose.
    @Test func replanningAgrees() async {
        await propertyCheck(count: 500, input: Self.scenario) { scenario in
            let planner = scenario.planner
            let first = planner.doses(from: scenario.from, to: scenario.to)
            let laterEnd = max(scenario.to, scenario.later + scenario.laterLength)
            let second = planner.doses(from: scenario.later, to: laterEnd)
            let byID = Dictionary(second.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for dose in first {
                if let again = byID[dose.id] { #expect(again == dose) }
                #expect(planner.dose(dose.id) == dose)
            }
            #expect(first.filter { $0.scheduled >= scenario.later } == second.filter { $0.scheduled < scenario.to })
        }
    }

    /// (c) Read back through the zone (by Foundation), each dose shows its ID's nominal date and time,
    /// except in a spring-forward gap, where it shows the nominal time plus the gap's length.
    @Test func nominalTimeReadsBack() async {
        await propertyCheck(count: 500, input: Self.scenario) { scenario in
            let planner = scenario.planner
            for dose in planner.doses(from: scenario.from, to: scenario.to) {
                let med = scenario.medications.first { $0.id == dose.medication }!
                let zone = scenario.zone(of: med)
                let naive = Self.dayNumber(dose.id.date.iso8601) * 86_400 + Int64(dose.id.time.minuteOfDay) * 60
                let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(dose.scheduled.seconds)))
                let readBack = dose.scheduled.seconds + Int64(offset)
                #expect(dose.utcOffset == offset, "\(dose.id)")
                if readBack == naive { continue }
                let t = Self.transition(near: naive, in: zone)
                let inGap = t.map { $0.after > $0.before && naive >= $0.at + Int64($0.before) && naive < $0.at + Int64($0.after) } ?? false
                #expect(inGap, "\(dose.id) reads back as \(Instant(seconds: readBack)) in \(zone.identifier)")
                if let t, inGap { #expect(readBack == naive + Int64(t.after - t.before), "\(dose.id)") }
            }
        }
    }

    /// (d) The planner equals a brute-force model of the schedule and DST rules (days by Foundation's calendar,
    /// instants by Foundation's transitions): nothing dropped, nothing extra, every instant right.
    @Test func matchesModel() async {
        await propertyCheck(count: 500, input: Self.scenario) { scenario in
            let doses = scenario.planner.doses(from: scenario.from, to: scenario.to)
            let actual = Set(doses.map { ModelDose(id: $0.id.description, second: $0.scheduled.seconds, dose: $0.doseText) })
            let expected = Self.model(scenario, from: scenario.from, to: scenario.to)
            let extra = actual.subtracting(expected).map(\.description).sorted()
            let missing = expected.subtracting(actual).map(\.description).sorted()
            #expect(extra == [])
            #expect(missing == [])
        }
    }

    /// Scenarios of four years, 2027 to 2030 (every month length, leap February 2028, eight DST transitions a
    /// zone), of the medications `specs` draws, their `start`, `end` and steps spread over months.
    static func overYears(_ specs: Generator<[MedicationSpec], some SendableSequenceType>) -> Generator<Scenario, some SendableSequenceType> {
        let anchorDay = dayNumber("2028-07-01")
        return zip(specs, Gen.int(in: 0...zones.count), Gen.int(in: 0..<zones.count))
            .map { specs, settingsZone, localZone in
                Scenario(medications: specs.enumerated().map { makeMedication("m\($0)", $1, anchorDay: anchorDay, dayScale: 30) },
                         settingsZone: settingsZone == zones.count ? .local : .named(zones[settingsZone]),
                         localZone: zones[localZone], from: PlanFixture.utc("2027-01-01T00:00:00Z"),
                         to: PlanFixture.utc("2031-01-01T00:00:00Z"), later: PlanFixture.utc("2027-01-01T00:00:00Z"), laterLength: .zero)
            }
    }

    /// The planner's doses of the whole scenario equal the model's, dose texts included (the first five
    /// differences shown).
    static func expectModelMatches(_ scenario: Scenario) {
        let doses = scenario.planner.doses(from: scenario.from, to: scenario.to)
        let actual = Set(doses.map { ModelDose(id: $0.id.description, second: $0.scheduled.seconds, dose: $0.doseText) })
        let expected = model(scenario, from: scenario.from, to: scenario.to)
        #expect(actual.subtracting(expected).map(\.description).sorted().prefix(5) == [])
        #expect(expected.subtracting(actual).map(\.description).sorted().prefix(5) == [])
    }

    /// (e) Over four years the planner still equals the model.
    @Test func matchesModelOverYears() async {
        await propertyCheck(count: 25, input: Self.overYears(Self.medicationSpec.array(of: 1...2))) { Self.expectModelMatches($0) }
    }

    /// (f) `every_weeks` (with and without `days`) and `every_months` (with and without `monthdays`, on days some
    /// months lack) over four years in the DST-changing zones, `start` anywhere in them: the planner equals the model.
    @Test func calendarRulesMatchModelOverYears() async {
        let calendarSpec = zip(Self.medicationSpec, Gen.int(in: 1...2)).map { spec, rule in
            var spec = spec
            spec.calendarRule = rule
            spec.startOffset = spec.startOffset ?? -40
            return spec
        }
        await propertyCheck(count: 40, input: Self.overYears(calendarSpec.array(of: 1...3))) { Self.expectModelMatches($0) }
    }

    /// (g) Reminders to measure are planned by the same planner as doses: measurements of every schedule the
    /// generator draws (no dose texts, no steps), beside medications, over four years in the DST-changing zones,
    /// equal the model, IDs and instants alike.
    @Test func measurementRemindersMatchModelOverYears() async {
        let kinds = MeasurementKind.allCases
        await propertyCheck(count: 40, input: Self.overYears(Self.medicationSpec.array(of: 1...3)).map { scenario in
            var scenario = scenario
            scenario.medications = scenario.medications.enumerated().map { index, medication in
                guard index % 2 == 0 else { return medication }
                var reminders = Measurement(id: "r\(index)", kind: kinds[index % kinds.count], schedule: medication.schedule).reminders
                reminders.start = medication.start
                reminders.end = medication.end
                reminders.timezone = medication.timezone
                return reminders
            }
            return scenario
        }) { scenario in
            #expect(scenario.planner.configuration.measurements.count == (scenario.medications.count + 1) / 2)
            Self.expectModelMatches(scenario)
        }
    }

    /// The model's transitions are the ones `zdump -v` lists for 2027.
    @Test(arguments: [
        ("America/New_York", "2027-03-14T07:00:00Z", -18_000, -14_400), ("America/New_York", "2027-11-07T06:00:00Z", -14_400, -18_000),
        ("Europe/Berlin", "2027-03-28T01:00:00Z", 3_600, 7_200), ("Europe/Berlin", "2027-10-31T01:00:00Z", 7_200, 3_600),
        ("Australia/Lord_Howe", "2027-04-03T15:00:00Z", 39_600, 37_800), ("Australia/Lord_Howe", "2027-10-02T15:30:00Z", 37_800, 39_600),
    ])
    func modelTransitionsMatchZdump(zone: String, at: String, before: Int, after: Int) throws {
        let instant = PlanFixture.utc(at).seconds
        let t = try #require(Self.transition(near: instant, in: TimeZone(identifier: zone)!))
        #expect(t.at == instant)
        #expect(t.before == before)
        #expect(t.after == after)
        #expect(Self.transition(near: PlanFixture.utc("2027-01-04T00:00:00Z").seconds, in: TimeZone(identifier: "Asia/Kathmandu")!) == nil)
    }
}
