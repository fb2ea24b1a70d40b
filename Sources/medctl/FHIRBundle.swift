import MeddControl
import MeddCore

/// Readings as a FHIR R4 `Bundle` of type `collection`, one `Observation` per reading (and one more for the
/// pulse of a blood pressure reading), coded in LOINC with UCUM units, for a doctor's system to read.
/// Values are the exact decimals recorded; a unit is converted nowhere.
enum FHIRBundle {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"
    static let categories = "http://terminology.hl7.org/CodeSystem/observation-category"

    static func document(_ readings: [ReadingRow]) -> JSONValue {
        .object([
            "resourceType": .string("Bundle"),
            "type": .string("collection"),
            "entry": .array(readings.flatMap(observations).map { .object(["resource": $0]) }),
        ])
    }

    /// The LOINC code and display of a kind in a unit; nil for kinds LOINC has no code for here (`scale`, `number`).
    static func code(_ kind: MeasurementKind, unit: String) -> (code: String, display: String)? {
        switch kind {
        case .bloodPressure: ("85354-9", "Blood pressure panel with all children optional")
        case .heartRate: ("8867-4", "Heart rate")
        case .weight: ("29463-7", "Body weight")
        case .glucose where unit == "mmol/L": ("15074-8", "Glucose [Moles/volume] in Blood")
        case .glucose: ("2339-0", "Glucose [Mass/volume] in Blood")
        case .temperature: ("8310-5", "Body temperature")
        case .spo2: ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry")
        case .scale, .number: nil
        }
    }

    /// The UCUM code of a unit medd records.
    static func ucumCode(_ unit: String) -> String? {
        switch unit {
        case "mmHg": "mm[Hg]"
        case "bpm": "/min"
        case "kg": "kg"
        case "lb": "[lb_av]"
        case "mg/dL": "mg/dL"
        case "mmol/L": "mmol/L"
        case "C": "Cel"
        case "F": "[degF]"
        case "%": "%"
        default: nil
        }
    }

    private static func observations(_ reading: ReadingRow) -> [JSONValue] {
        let name = reading.json["name"]?.stringValue ?? reading.kind.defaultName
        let id = "\(reading.measurement)-\(reading.at.usec)"
        var observation = base(id: id, reading: reading, category: reading.kind == .scale || reading.kind == .number ? "survey" : "vital-signs")
        if let (code, display) = code(reading.kind, unit: reading.unit) {
            observation["code"] = .object(["coding": .array([coding(code, display)]), "text": .string(name)])
        } else {
            observation["code"] = .object(["text": .string(reading.measurement == name ? name : "\(name) (\(reading.measurement))")])
        }
        guard let parts = reading.bloodPressure else {
            observation["valueQuantity"] = quantity(reading.value, unit: reading.unit)
            return [.object(observation)]
        }
        observation["component"] = .array([
            .object(["code": .object(["coding": .array([coding("8480-6", "Systolic blood pressure")])]),
                     "valueQuantity": quantity(String(parts.systolic), unit: "mmHg")]),
            .object(["code": .object(["coding": .array([coding("8462-4", "Diastolic blood pressure")])]),
                     "valueQuantity": quantity(String(parts.diastolic), unit: "mmHg")]),
        ])
        guard let pulse = parts.pulse else { return [.object(observation)] }
        var heartRate = base(id: id + "-pulse", reading: reading, category: "vital-signs")
        heartRate["code"] = .object(["coding": .array([coding("8867-4", "Heart rate")]), "text": .string("Pulse")])
        heartRate["valueQuantity"] = quantity(String(pulse), unit: "bpm")
        heartRate["derivedFrom"] = .array([.object(["reference": .string("Observation/\(id)")])])
        return [.object(observation), .object(heartRate)]
    }

    private static func base(id: String, reading: ReadingRow, category: String) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "resourceType": .string("Observation"),
            "id": .string(id),
            "status": .string("final"),
            "category": .array([.object(["coding": .array([.object([
                "system": .string(categories), "code": .string(category),
                "display": .string(category == "survey" ? "Survey" : "Vital Signs"),
            ])])])]),
            "effectiveDateTime": .string(reading.atText),
        ]
        if let note = reading.note, !note.isEmpty { object["note"] = .array([.object(["text": .string(note)])]) }
        if let inTarget = reading.inTarget {
            object["interpretation"] = .array([.object(["coding": .array([.object([
                "system": .string("http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"),
                "code": .string(inTarget ? "N" : "A"), "display": .string(inTarget ? "Normal" : "Abnormal"),
            ])]), "text": .string(inTarget ? "within target \(reading.target ?? "")" : "outside target \(reading.target ?? "")")])])
        }
        return object
    }

    private static func coding(_ code: String, _ display: String) -> JSONValue {
        .object(["system": .string(loinc), "code": .string(code), "display": .string(display)])
    }

    /// A `Quantity` with the exact decimal and, where UCUM has the unit, its code.
    private static func quantity(_ value: String, unit: String) -> JSONValue {
        var object: [String: JSONValue] = ["value": (try? Quantity.parse(value).get()).map(JSONValue.decimal) ?? .string(value)]
        if !unit.isEmpty { object["unit"] = .string(unit == "C" ? "°C" : unit == "F" ? "°F" : unit) }
        if let code = ucumCode(unit) {
            object["system"] = .string(ucum)
            object["code"] = .string(code)
        }
        return .object(object)
    }
}
