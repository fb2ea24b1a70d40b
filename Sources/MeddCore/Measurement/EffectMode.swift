/// `[settings] effect`: how readily a change in a measurement counts as a medication's effect. It sets
/// the change that counts, the samples a verdict needs and the adherence below which nothing is concluded.
public enum EffectMode: String, CaseIterable, Hashable, Sendable {
    case conservative, balanced, aggressive

    public static let `default` = EffectMode.balanced

    /// What a verdict of this mode asks for, for readings of `kind` taken in `unit`.
    public func thresholds(kind: MeasurementKind, unit: String) -> Thresholds {
        Thresholds(change: change(kind: kind, unit: unit), relative: kind == .number, dosePairs: samples,
                   readingsPerWindow: samples, adherence: adherence)
    }

    /// The numbers a verdict is held to.
    public struct Thresholds: Hashable, Sendable {
        /// The improvement, in the measurement's unit, that counts as an effect (for a number measured in
        /// no fixed unit: this share of the earlier mean, see `relative`); under half of it is no effect.
        public var change: Double
        /// `change` is a share of the earlier readings' mean (a `number` measurement), not an amount.
        public var relative: Bool
        /// Doses with readings on both sides that the per-dose signal needs.
        public var dosePairs: Int
        /// Readings the trend needs in each of its two fortnights.
        public var readingsPerWindow: Int
        /// The share of doses taken below which the verdict is `unclear`.
        public var adherence: Double
    }

    private var samples: Int {
        switch self {
        case .conservative: 10
        case .balanced: 6
        case .aggressive: 4
        }
    }

    private var adherence: Double {
        switch self {
        case .conservative: 0.7
        case .balanced: 0.6
        case .aggressive: 0.5
        }
    }

    /// Conservative, balanced, aggressive: blood pressure 10, 5, 3 mmHg systolic; glucose 20, 10, 5 mg/dL;
    /// weight 2, 1, 0.5 kg; temperature 0.8, 0.5, 0.3 °C; heart rate 10, 5, 3 bpm; SpO2 3, 2, 1 points; a
    /// 0–10 scale 2, 1, 0.5; a number 10 %, 5 %, 3 % of its earlier mean. Other units convert.
    private func change(kind: MeasurementKind, unit: String) -> Double {
        let (conservative, balanced, aggressive): (Double, Double, Double) = switch kind {
        case .bloodPressure, .heartRate: (10, 5, 3)
        case .glucose: (20, 10, 5)
        case .weight: (2, 1, 0.5)
        case .temperature: (0.8, 0.5, 0.3)
        case .spo2: (3, 2, 1)
        case .scale: (2, 1, 0.5)
        case .number: (0.10, 0.05, 0.03)
        }
        let amount = switch self {
        case .conservative: conservative
        case .balanced: balanced
        case .aggressive: aggressive
        }
        return amount * Self.conversion(kind: kind, unit: unit)
    }

    /// How many of `unit` make one of the unit the amounts above are in.
    private static func conversion(kind: MeasurementKind, unit: String) -> Double {
        switch (kind, unit) {
        case (.glucose, "mmol/L"): 1 / 18.016
        case (.weight, "lb"): 2.20462
        case (.temperature, "F"): 1.8
        default: 1
        }
    }
}
