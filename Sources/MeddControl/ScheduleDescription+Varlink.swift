public import MeddCore

// The `Schedule` object of the control interface (with `ScheduleDays`, `ScheduleTime` and `ScheduleStep`),
// which the report's JSON carries too: a schedule as data, for a client to word in its own language.

extension ScheduleDescription {
    /// The most times and steps a description read back may have: more than a day has minutes.
    static let itemLimit = 1440

    public var varlinkValue: JSONValue {
        var object: [String: JSONValue] = ["steps": .array(steps.map(Self.varlinkValue))]
        let days: DayFilter?
        switch schedule {
        case .times(let times, let filter):
            object["kind"] = .string("times")
            object["times"] = Self.varlinkValue(times, timeAmounts)
            days = filter
        case .interval(let every, let from, let until, let filter):
            object.merge(Self.periodic("interval", every, from, until)) { $1 }
            days = filter
        case .afterTaken(let interval, let from, let until, let filter):
            object.merge(Self.periodic("afterTaken", interval, from, until)) { $1 }
            days = filter
        case .asNeeded(let minInterval, let maxPerDay):
            object["kind"] = .string("asNeeded")
            if let minInterval { object["minIntervalSeconds"] = .integer(Int(minInterval.seconds)) }
            if let maxPerDay { object["maxPerDay"] = .integer(maxPerDay) }
            days = nil
        }
        if let days, days != DayFilter() { object["days"] = Self.varlinkValue(days) }
        return .object(object)
    }

    /// nil when a member is missing, of the wrong kind or out of range.
    public init?(varlinkValue value: JSONValue) {
        guard let kind = value["kind"]?.stringValue, let stepValues = value["steps"]?.arrayValue, stepValues.count <= Self.itemLimit
        else { return nil }
        var days = DayFilter()
        if let daysValue = value["days"] {
            guard let filter = Self.days(daysValue) else { return nil }
            days = filter
        }
        var timeAmounts: [WallTime: DoseAmount] = [:]
        let schedule: Schedule
        switch kind {
        case "times":
            guard let times = value["times"].flatMap(Self.times) else { return nil }
            schedule = .times(times.map(\.time), days)
            timeAmounts = Self.amounts(times)
        case "interval", "afterTaken":
            guard let seconds = value["intervalSeconds"]?.intValue, seconds > 0, let from = value["from"].flatMap(Self.wallTime),
                  let until = value["until"].flatMap(Self.wallTime) else { return nil }
            let every = TimeSpan(seconds: Int64(seconds))
            schedule = kind == "interval" ? .interval(every: every, from: from, until: until, days)
                : .afterTaken(interval: every, from: from, until: until, days)
        case "asNeeded":
            let seconds = value["minIntervalSeconds"]
            let maxPerDay = value["maxPerDay"]
            guard seconds == nil || (seconds?.intValue ?? 0) > 0, maxPerDay == nil || (maxPerDay?.intValue ?? 0) > 0 else { return nil }
            schedule = .asNeeded(minInterval: seconds?.intValue.map { TimeSpan(seconds: Int64($0)) }, maxPerDay: maxPerDay?.intValue)
        default:
            return nil
        }
        var steps: [DoseStep] = []
        for stepValue in stepValues {
            guard let from = stepValue["from"]?.stringValue.flatMap(LocalDate.init(parsing:)),
                  let amount = Self.amount(stepValue) else { return nil }
            var step = DoseStep(from: from, amount: amount)
            if let timesValue = stepValue["times"] {
                guard let times = Self.times(timesValue) else { return nil }
                step.times = times.map(\.time)
                step.timeAmounts = Self.amounts(times)
            }
            steps.append(step)
        }
        self.init(schedule: schedule, timeAmounts: timeAmounts, steps: steps)
    }

    private static func periodic(_ kind: String, _ every: TimeSpan, _ from: WallTime, _ until: WallTime) -> [String: JSONValue] {
        ["kind": .string(kind), "intervalSeconds": .integer(Int(every.seconds)), "from": .string(from.description),
         "until": .string(until.description)]
    }

    private static func varlinkValue(_ step: DoseStep) -> JSONValue {
        var object = amountMembers(step.amount)
        object["from"] = .string(step.from.iso8601)
        if let times = step.times { object["times"] = varlinkValue(times, step.timeAmounts) }
        return .object(object)
    }

    /// `ScheduleTime`s, ascending, a time listed twice once.
    private static func varlinkValue(_ times: [WallTime], _ amounts: [WallTime: DoseAmount]) -> JSONValue {
        .array(Set(times).sorted().map { time in
            var object = amounts[time].map(amountMembers) ?? [:]
            object["time"] = .string(time.description)
            return .object(object)
        })
    }

    private static func amountMembers(_ amount: DoseAmount) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if let dose = amount.dose { object["dose"] = .string(dose) }
        if let perDose = amount.perDose { object["perDose"] = .decimal(perDose) }
        return object
    }

    private static func varlinkValue(_ days: DayFilter) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if let weekdays = days.weekdays { object["weekdays"] = .array(Weekday.allCases.filter(weekdays.contains).map { .string($0.rawValue) }) }
        if let everyDays = days.everyDays { object["everyDays"] = .integer(everyDays) }
        if let everyWeeks = days.everyWeeks { object["everyWeeks"] = .integer(everyWeeks) }
        if let everyMonths = days.everyMonths { object["everyMonths"] = .integer(everyMonths) }
        if let cycle = days.cycle {
            object["cycleOn"] = .integer(cycle.on)
            object["cycleOff"] = .integer(cycle.off)
        }
        if let monthdays = days.monthdays { object["monthdays"] = .array(monthdays.sorted().map(JSONValue.integer)) }
        return .object(object)
    }

    private static func days(_ value: JSONValue) -> DayFilter? {
        guard value.objectValue != nil else { return nil }
        func count(_ key: String) -> Int?? {
            guard let member = value[key] else { return .some(nil) }
            guard let number = member.intValue, number > 0 else { return nil }
            return .some(number)
        }
        guard let everyDays = count("everyDays"), let everyWeeks = count("everyWeeks"), let everyMonths = count("everyMonths"),
              let cycleOn = count("cycleOn"), let cycleOff = count("cycleOff"), (cycleOn == nil) == (cycleOff == nil) else { return nil }
        var filter = DayFilter(everyDays: everyDays, cycle: cycleOn.flatMap { on in cycleOff.map { Cycle(on: on, off: $0) } },
                               everyWeeks: everyWeeks, everyMonths: everyMonths)
        if let weekdays = value["weekdays"] {
            guard let names = weekdays.arrayValue?.compactMap({ $0.stringValue.flatMap(Weekday.init(rawValue:)) }),
                  names.count == weekdays.arrayValue?.count, !names.isEmpty else { return nil }
            filter.weekdays = Set(names)
        }
        if let monthdays = value["monthdays"] {
            guard let numbers = monthdays.arrayValue?.compactMap(\.intValue), numbers.count == monthdays.arrayValue?.count,
                  !numbers.isEmpty, numbers.allSatisfy(DayFilter.isMonthday) else { return nil }
            filter.monthdays = Set(numbers)
        }
        return filter
    }

    private static func times(_ value: JSONValue) -> [(time: WallTime, amount: DoseAmount)]? {
        guard let values = value.arrayValue, values.count <= itemLimit else { return nil }
        var times: [(time: WallTime, amount: DoseAmount)] = []
        for member in values {
            guard let time = member["time"].flatMap(wallTime), let amount = amount(member) else { return nil }
            times.append((time, amount))
        }
        return times
    }

    private static func amounts(_ times: [(time: WallTime, amount: DoseAmount)]) -> [WallTime: DoseAmount] {
        Dictionary(times.filter { $0.amount != DoseAmount() }.map { ($0.time, $0.amount) }, uniquingKeysWith: { first, _ in first })
    }

    /// The `dose` and `perDose` of an object, each optional; nil when one is of the wrong kind.
    private static func amount(_ value: JSONValue) -> DoseAmount? {
        let dose = value["dose"]
        let perDose = value["perDose"]
        guard dose == nil || dose?.stringValue != nil, perDose == nil || perDose?.quantityValue != nil else { return nil }
        return DoseAmount(dose: dose?.stringValue, perDose: perDose?.quantityValue)
    }

    private static func wallTime(_ value: JSONValue) -> WallTime? {
        value.stringValue.flatMap(WallTime.init(parsing:))
    }
}
