/// What a `[measurement.ID]` measures (`kind`): the value a reading takes, its units and the range
/// a real reading falls in.
public enum MeasurementKind: String, CaseIterable, Hashable, Sendable, Codable {
    case bloodPressure = "blood_pressure"
    case glucose, weight, temperature
    case heartRate = "heart_rate"
    case spo2, scale, number

    /// The name a measurement of this kind has when the configuration gives none, in English: the
    /// journal's. People see it translated (`displayName`).
    public var defaultName: String {
        switch self {
        case .bloodPressure: "Blood pressure"
        case .glucose: "Blood glucose"
        case .weight: "Weight"
        case .temperature: "Temperature"
        case .heartRate: "Heart rate"
        case .spo2: "Oxygen saturation"
        case .scale: "How I feel"
        case .number: "Measurement"
        }
    }

    /// A measurement's name as people see it: its kind's default name in their language, any other as written.
    public func shownName(_ name: String) -> String {
        name == defaultName ? displayName.localized : name
    }

    /// `defaultName` in the person's language.
    public var displayName: Translatable {
        switch self {
        case .bloodPressure: Translatable("Blood pressure")
        case .glucose: Translatable("Blood glucose")
        case .weight: Translatable("Weight")
        case .temperature: Translatable("Temperature")
        case .heartRate: Translatable("Heart rate")
        case .spo2: Translatable("Oxygen saturation")
        case .scale: Translatable("How I feel")
        case .number: Translatable("Measurement")
        }
    }

    /// The units `unit` may name, the default first; empty for `number`, whose unit is any text.
    /// Kinds with one unit take no `unit` key.
    public var units: [String] {
        switch self {
        case .bloodPressure: ["mmHg"]
        case .glucose: ["mg/dL", "mmol/L"]
        case .weight: ["kg", "lb"]
        case .temperature: ["C", "F"]
        case .heartRate: ["bpm"]
        case .spo2: ["%"]
        case .scale: ["/10"]
        case .number: []
        }
    }

    /// The unit a reading has when the configuration names none.
    public var defaultUnit: String { units.first ?? "" }

    /// A configuration may choose among several units.
    public var hasUnitChoice: Bool { units.count != 1 }

    /// How a reading of this kind in `unit` is written, with an example: for messages.
    public func valueForm(unit: String) -> String {
        switch self {
        case .bloodPressure: "SYS/DIA or SYS/DIA/PULSE in mmHg, like 132/84 or 132/84/71"
        case .glucose, .weight, .temperature, .number: "a decimal number, like \(example(unit: unit))"
        case .heartRate: "whole beats per minute, like 72"
        case .spo2: "a whole percentage, like 97"
        case .scale: "a whole number from 0 to 10"
        }
    }

    /// A typical value in `unit`, for messages.
    public func example(unit: String) -> String {
        switch self {
        case .bloodPressure: "132/84/71"
        case .glucose: unit == "mmol/L" ? "5.6" : "95"
        case .weight: unit == "lb" ? "160.5" : "72.5"
        case .temperature: unit == "F" ? "98.6" : "36.8"
        case .heartRate: "72"
        case .spo2: "97"
        case .scale: "3"
        case .number: "1.5"
        }
    }

    /// Readings are whole numbers (`heart_rate`, `spo2`, `scale` and each part of a blood pressure).
    public var isWhole: Bool {
        switch self {
        case .bloodPressure, .heartRate, .spo2, .scale: true
        case .glucose, .weight, .temperature, .number: false
        }
    }

    /// Where a real reading of this kind in `unit` lies; a value outside is a typing error, not a
    /// reading. Nil: any value (`number`). For blood pressure, the range of the systolic value.
    public func plausibleRange(unit: String) -> ClosedRange<Quantity>? {
        switch (self, unit) {
        case (.bloodPressure, _): 40...280
        case (.glucose, "mmol/L"): Quantity(thousandths: 500)...Quantity(thousandths: 55_500)
        case (.glucose, _): 10...1000
        case (.weight, "lb"): 1...1400
        case (.weight, _): Quantity(thousandths: 500)...650
        case (.temperature, "F"): 77...113
        case (.temperature, _): 25...45
        case (.heartRate, _): 20...300
        case (.spo2, _): 50...100
        case (.scale, _): 0...10
        case (.number, _): nil
        }
    }

    /// The plausible diastolic values of a blood pressure.
    public static let diastolicRange: ClosedRange<Int> = 20...200
    /// The plausible pulse of a blood pressure reading.
    public static let pulseRange: ClosedRange<Int> = 20...300
}

extension MeasurementKind {
    /// What `medctl measure ID` takes after the ID, as a command line shows it: `SYS/DIA[/PULSE]`, `VALUE`.
    public var valueSyntax: String {
        self == .bloodPressure ? "SYS/DIA[/PULSE]" : "VALUE"
    }
}
