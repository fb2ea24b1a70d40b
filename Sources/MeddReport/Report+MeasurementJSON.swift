import MeddControl
import MeddCore

/// The measurements and effects of a report as JSON, checked as strictly as the rest of it.
extension Report {
    static let measurementLimits = (measurements: 1_000, points: 500_000, medications: 1_000)
    private static let valueRange = -1e9...1e9

    static func json(_ measurement: Measurement) -> JSONValue {
        func mean(_ mean: Measurement.Mean) -> JSONValue {
            var object: [String: JSONValue] = ["value": .number(mean.value), "count": .integer(mean.count)]
            if let diastolic = mean.diastolic { object["diastolic"] = .number(diastolic) }
            return .object(object)
        }
        var object: [String: JSONValue] = [
            "id": .string(measurement.id),
            "name": .string(measurement.name),
            "kind": .string(measurement.kind.rawValue),
            "unit": .string(measurement.unit),
            "medications": .array(measurement.medications.map(JSONValue.string)),
            "readingCount": .integer(measurement.readingCount),
            "outsideTarget": .integer(measurement.outsideTarget),
            "pointsAreDailyMeans": .bool(measurement.pointsAreDailyMeans),
            "points": .array(measurement.points.map { point in
                .array([.number(point.day), .number(point.value)] + (point.diastolic.map { [JSONValue.number($0)] } ?? []))
            }),
            "dosesTaken": .array(measurement.dosesTaken.map(JSONValue.number)),
            "week": .array(measurement.week.map { day in
                var object: [String: JSONValue] = ["date": .string(day.date.iso8601), "outsideTarget": .integer(day.outsideTarget)]
                if let morning = day.morning { object["morning"] = mean(morning) }
                if let evening = day.evening { object["evening"] = mean(evening) }
                return .object(object)
            }),
        ]
        if let target = measurement.target { object["target"] = .string(target.description) }
        return .object(object)
    }

    static func measurement(_ fields: JSONFields, dayCount: Double) throws(ReportDecodingError) -> Measurement {
        let kind: MeasurementKind = try fields.choice("kind")
        var target: MeasurementTarget?
        if let text = try fields.optionalString("target") {
            guard case .success(let parsed) = MeasurementTarget.parse(text, kind: kind) else {
                throw ReportDecodingError(path: fields.path + ".target", "not a target of a \(kind.rawValue) measurement")
            }
            target = parsed
        }
        let days = 0...max(dayCount, 0)
        func mean(_ key: String, of day: JSONFields) throws(ReportDecodingError) -> Measurement.Mean? {
            guard day.has(key) else { return nil }
            let fields = try day.object(key)
            return Measurement.Mean(value: try fields.double("value", in: valueRange),
                                    diastolic: fields.has("diastolic") ? try fields.double("diastolic", in: valueRange) : nil,
                                    count: try fields.int("count", in: countRange))
        }
        return Measurement(
            id: try fields.string("id"), name: try fields.string("name"), kind: kind, unit: try fields.string("unit"), target: target,
            medications: try fields.array("medications", limit: measurementLimits.medications) { (value, path) throws(ReportDecodingError) in
                try text(value, path: path)
            },
            readingCount: try fields.int("readingCount", in: countRange), outsideTarget: try fields.int("outsideTarget", in: countRange),
            points: try fields.array("points", limit: measurementLimits.points) { (value, path) throws(ReportDecodingError) in
                guard let numbers = value.arrayValue?.compactMap(\.doubleValue), (2...3).contains(numbers.count),
                      numbers.count == value.arrayValue?.count, days.contains(numbers[0]),
                      numbers.dropFirst().allSatisfy(valueRange.contains) else {
                    throw ReportDecodingError(path: path, "expected [day, value] or [day, systolic, diastolic] within the period")
                }
                return Measurement.Point(day: numbers[0], value: numbers[1], diastolic: numbers.count == 3 ? numbers[2] : nil)
            },
            pointsAreDailyMeans: try fields.bool("pointsAreDailyMeans"),
            dosesTaken: try fields.array("dosesTaken", limit: limits.doses) { (value, path) throws(ReportDecodingError) in
                guard let day = value.doubleValue, days.contains(day) else { throw ReportDecodingError(path: path, "expected a day within the period") }
                return day
            },
            week: try fields.array("week", limit: 7) { (value, path) throws(ReportDecodingError) in
                let day = try JSONFields(value, path: path)
                return Measurement.WeekDay(date: try day.date("date"), morning: try mean("morning", of: day), evening: try mean("evening", of: day),
                                           outsideTarget: try day.int("outsideTarget", in: countRange))
            })
    }

    /// An effect as the control interface writes it, with the mode it was judged in.
    static func json(_ effect: MedicationEffect) -> JSONValue {
        guard case .object(var object) = effect.varlinkValue else { return effect.varlinkValue }
        object["mode"] = .string(effect.mode.rawValue)
        return .object(object)
    }

    /// `effect` as a report holds it: as its JSON gives it back (amounts to thousandths, no period), so
    /// that the PDF's program draws what the HTML shows.
    static func asWritten(_ effect: MedicationEffect) -> MedicationEffect {
        (try? Self.effect(json(effect), path: "")) ?? effect
    }

    static func effect(_ value: JSONValue, path: String) throws(ReportDecodingError) -> MedicationEffect {
        let fields = try JSONFields(value, path: path)
        let mode: EffectMode = try fields.choice("mode")
        guard let effect = MedicationEffect(varlinkValue: value, period: Instant(usec: 0)..<Instant(usec: 0), mode: mode),
              (0...100).contains(effect.confidence), [effect.threshold, effect.improvement ?? 0].allSatisfy(valueRange.contains) else {
            throw ReportDecodingError(path: path, "expected an effect as the control interface's Effect gives it")
        }
        return effect
    }
}
