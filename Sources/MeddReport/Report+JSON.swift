public import MeddControl
import MeddCore

/// The report as JSON, for `medd-report-pdf`, which reads it on its standard input. The decoder takes
/// nothing on trust: every member is checked for type and bounds, so bad input is an error naming
/// where it is, never a crash or a runaway drawing.
extension Report {
    /// The layout of the JSON; a reader refuses any other. 2: `source` is an object (its kind and
    /// paths, no longer words), a medication may have `dueTimes`. 3: `measurements` and `effects`.
    public static let formatVersion = 3
    /// The most medications, doses per medication and days a report may hold.
    static let limits = (medications: 10_000, doses: 500_000, days: 40_000, people: 1_000, paths: 10_000, dueTimes: 1_440)
    static let countRange = 0...1_000_000_000
    /// Minutes early or late: ten years either way.
    private static let minuteRange = -5_300_000...5_300_000

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "format": .integer(Self.formatVersion),
            "generator": .string(generator),
            "generatedAt": .string(generatedAt),
            "source": Self.json(source),
            "people": .array(people.map(JSONValue.string)),
            "since": .string(since),
            "until": .string(until),
            "firstDay": .string(firstDay.iso8601),
            "lastDay": .string(lastDay.iso8601),
            "paper": .string(paper.rawValue),
            "total": Self.json(total),
            "medications": .array(medications.map(Self.json)),
            "calendar": .array(calendar.map { day in
                .object(["date": .string(day.date.iso8601), "counts": Self.json(day.counts)])
            }),
        ]
        if let host { object["host"] = .string(host) }
        if detailFirstDay != firstDay { object["detailFirstDay"] = .string(detailFirstDay.iso8601) }
        if !months.isEmpty {
            object["months"] = .array(months.map { month in
                .object(["year": .integer(month.year), "month": .integer(month.month), "counts": Self.json(month.counts)])
            })
        }
        if !measurements.isEmpty { object["measurements"] = .array(measurements.map(Self.json)) }
        if !effects.isEmpty { object["effects"] = .array(effects.map(Self.json)) }
        return .object(object)
    }

    /// Decodes the JSON text `bytes`.
    public init(jsonBytes bytes: [UInt8]) throws(ReportDecodingError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ReportDecodingError(path: "", "not JSON: \(error)")
        }
        try self.init(json: value)
    }

    public init(json value: JSONValue) throws(ReportDecodingError) {
        let fields = try JSONFields(value, path: "")
        let format = try fields.int("format", in: Int.min...Int.max)
        guard format == Self.formatVersion else {
            throw ReportDecodingError(path: "format", "this reader takes report format \(Self.formatVersion), not \(format) "
                                      + "(are medctl and medd-report-pdf from the same version?)")
        }
        let firstDay = try fields.date("firstDay")
        let lastDay = try fields.date("lastDay")
        let dayCount = lastDay.dayNumber - firstDay.dayNumber + 1
        guard (0...Int64(Self.limits.days)).contains(dayCount) else {
            throw ReportDecodingError(path: "lastDay", "must be from the day before firstDay to \(Self.limits.days) days after it")
        }
        let detailFirstDay = fields.has("detailFirstDay") ? try fields.date("detailFirstDay") : firstDay
        guard firstDay <= detailFirstDay, detailFirstDay.dayNumber <= lastDay.dayNumber + 1 else {
            throw ReportDecodingError(path: "detailFirstDay", "must be from firstDay to the day after lastDay")
        }
        let calendar = try fields.array("calendar", limit: Self.limits.days) { (value, path) throws(ReportDecodingError) in
            let day = try JSONFields(value, path: path)
            return AdherenceDay(date: try day.date("date"), counts: try Self.counts(day.object("counts")))
        }
        for (index, day) in calendar.enumerated() where day.date != detailFirstDay.adding(days: Int64(index)) {
            throw ReportDecodingError(path: "calendar[\(index)].date",
                                      "expected \(detailFirstDay.adding(days: Int64(index))), one day after the one before")
        }
        let calendarDays = max(0, lastDay.dayNumber - detailFirstDay.dayNumber + 1)
        guard calendar.count == calendarDays else {
            throw ReportDecodingError(path: "calendar", "has \(calendar.count) days; detailFirstDay to lastDay are \(calendarDays)")
        }
        let months: [MonthCounts] = fields.has("months") ? try fields.array("months", limit: Self.limits.days) { (value, path) throws(ReportDecodingError) -> MonthCounts in
            let month = try JSONFields(value, path: path)
            return MonthCounts(year: try month.int("year", in: 1...9999), month: try month.int("month", in: 1...12),
                               counts: try Self.counts(month.object("counts")))
        } : []
        let medications = try fields.array("medications", limit: Self.limits.medications) { (value, path) throws(ReportDecodingError) in
            try Self.medication(JSONFields(value, path: path), dayCount: Double(dayCount))
        }
        self.init(generator: try fields.string("generator"), generatedAt: try fields.string("generatedAt"),
                  source: try Self.source(fields.object("source")), host: try fields.optionalString("host"),
                  people: try fields.array("people", limit: Self.limits.people) { (value, path) throws(ReportDecodingError) in
                      try Self.text(value, path: path)
                  },
                  since: try fields.string("since"), until: try fields.string("until"), firstDay: firstDay, lastDay: lastDay,
                  paper: try fields.choice("paper"), total: try Self.counts(fields.object("total")),
                  medications: medications, detailFirstDay: detailFirstDay, months: months, calendar: calendar,
                  measurements: fields.has("measurements")
                      ? try fields.array("measurements", limit: Self.measurementLimits.measurements) { (value, path) throws(ReportDecodingError) in
                          try Self.measurement(JSONFields(value, path: path), dayCount: Double(dayCount))
                      } : [],
                  effects: fields.has("effects") ? try fields.array("effects", limit: Self.measurementLimits.measurements, Self.effect) : [])
    }

    static func text(_ value: JSONValue, path: String) throws(ReportDecodingError) -> String {
        guard let text = value.stringValue, text.utf8.count <= JSONFields.longestText else {
            throw ReportDecodingError(path: path, "expected a string of at most \(JSONFields.longestText) bytes")
        }
        return text
    }

    private static func json(_ source: ReportSource) -> JSONValue {
        var object: [String: JSONValue] = ["kind": .string(source.kind.rawValue)]
        if !source.paths.isEmpty { object["paths"] = .array(source.paths.map(JSONValue.string)) }
        return .object(object)
    }

    private static func source(_ fields: JSONFields) throws(ReportDecodingError) -> ReportSource {
        let kind: ReportSource.Kind = try fields.choice("kind")
        let paths = fields.has("paths") ? try fields.array("paths", limit: limits.paths) { (value, path) throws(ReportDecodingError) in
            try text(value, path: path)
        } : []
        guard let source = ReportSource(kind: kind, paths: paths) else {
            let expected = switch kind {
            case .ledger, .journal: "none"
            case .journalDirectory: "one"
            case .journalFiles: "one or more"
            }
            throw ReportDecodingError(path: fields.path + ".paths", "a source of kind \(kind.rawValue) has \(expected), not \(paths.count)")
        }
        return source
    }

    private static func json(_ counts: AdherenceCounts) -> JSONValue {
        .object(["onTime": .integer(counts.onTime), "late": .integer(counts.late), "skipped": .integer(counts.skipped),
                 "missed": .integer(counts.missed)])
    }

    private static func counts(_ fields: JSONFields) throws(ReportDecodingError) -> AdherenceCounts {
        AdherenceCounts(onTime: try fields.int("onTime", in: countRange), late: try fields.int("late", in: countRange),
                        skipped: try fields.int("skipped", in: countRange), missed: try fields.int("missed", in: countRange))
    }

    private static func json(_ medication: Medication) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(medication.id),
            "name": .string(medication.name),
            "dose": .string(medication.dose),
            "counts": json(medication.counts),
            "doses": .array(medication.doses.map(json)),
        ]
        if let schedule = medication.schedule { object["schedule"] = schedule.varlinkValue }
        if let dueTimes = medication.dueTimes { object["dueTimes"] = .array(dueTimes.map { .string($0.description) }) }
        if let person = medication.person { object["person"] = .string(person) }
        if let notes = medication.notes { object["notes"] = .string(notes) }
        if let status = medication.status { object["status"] = .string(status.rawValue) }
        if let stock = medication.stock { object["stock"] = json(stock) }
        return .object(object)
    }

    private static func medication(_ fields: JSONFields, dayCount: Double) throws(ReportDecodingError) -> Medication {
        Medication(id: try fields.string("id"), name: try fields.string("name"), dose: try fields.string("dose"),
                   schedule: fields.has("schedule") ? try schedule(fields.object("schedule")) : nil,
                   dueTimes: fields.has("dueTimes") ? try fields.array("dueTimes", limit: limits.dueTimes, wallTime) : nil,
                   person: try fields.optionalString("person"),
                   notes: try fields.optionalString("notes"),
                   status: fields.has("status") ? try fields.choice("status") as Medication.Status : nil,
                   counts: try counts(fields.object("counts")),
                   doses: try fields.array("doses", limit: limits.doses) { (value, path) throws(ReportDecodingError) in
                       try dose(JSONFields(value, path: path), dayCount: dayCount)
                   },
                   stock: fields.has("stock") ? try stock(fields.object("stock")) : nil)
    }

    private static func schedule(_ fields: JSONFields) throws(ReportDecodingError) -> ScheduleDescription {
        guard let schedule = ScheduleDescription(varlinkValue: .object(fields.members)) else {
            throw ReportDecodingError(path: fields.path, "expected a schedule as the control interface's Medication gives it in timing")
        }
        return schedule
    }

    private static func wallTime(_ value: JSONValue, path: String) throws(ReportDecodingError) -> WallTime {
        guard let text = value.stringValue, let time = WallTime(parsing: text) else { throw ReportDecodingError(path: path, "expected HH:MM") }
        return time
    }

    private static func json(_ dose: Dose) -> JSONValue {
        var object: [String: JSONValue] = [
            "due": .string(dose.due),
            "day": .number(dose.day),
            "outcome": .string(dose.outcome.rawValue),
        ]
        if let minutes = dose.minutes { object["minutes"] = .integer(minutes) }
        if let answered = dose.answered { object["answered"] = .string(answered) }
        if let reason = dose.reason { object["reason"] = .string(reason) }
        if let note = dose.note { object["note"] = .string(note) }
        return .object(object)
    }

    private static func dose(_ fields: JSONFields, dayCount: Double) throws(ReportDecodingError) -> Dose {
        let outcome: AdherenceDay.Outcome = try fields.choice("outcome")
        guard outcome != .nothing else { throw ReportDecodingError(path: fields.path + ".outcome", "a dose has an outcome") }
        return Dose(due: try fields.string("due"), day: try fields.double("day", in: 0...max(dayCount, 0)), outcome: outcome,
                    minutes: try fields.optionalInt("minutes", in: minuteRange), answered: try fields.optionalString("answered"),
                    reason: try fields.optionalString("reason"), note: try fields.optionalString("note"))
    }

    private static func json(_ stock: Stock) -> JSONValue {
        var object: [String: JSONValue] = ["level": .decimal(stock.level)]
        if let refillAt = stock.refillAt { object["refillAt"] = .decimal(refillAt) }
        if let since = stock.since { object["since"] = .string(since) }
        if let start = stock.start { object["start"] = .decimal(start) }
        if let refillDue = stock.refillDue { object["refillDue"] = .string(refillDue) }
        if let runsOut = stock.runsOut { object["runsOut"] = .string(runsOut) }
        return .object(object)
    }

    private static func stock(_ fields: JSONFields) throws(ReportDecodingError) -> Stock {
        let units = -Quantity.maximum...Quantity.maximum
        return Stock(level: try fields.quantity("level", in: units), refillAt: try fields.optionalQuantity("refillAt", in: units),
                     since: try fields.optionalString("since"), start: try fields.optionalQuantity("start", in: units),
                     refillDue: try fields.optionalString("refillDue"), runsOut: try fields.optionalString("runsOut"))
    }
}
