/// `target`: where a measurement's readings should be. A reading outside it is recorded and flagged,
/// never refused.
public enum MeasurementTarget: Hashable, Sendable, CustomStringConvertible {
    /// A blood pressure's upper bounds, `SYS/DIA`: a reading is above target when either part is.
    case bloodPressure(systolic: Int, diastolic: Int)
    /// `LOW-HIGH`, both included.
    case range(low: Quantity, high: Quantity)

    /// `135/85`, `4-7.8`: as the configuration writes it, and `MEDD_TARGET`.
    public var description: String {
        switch self {
        case .bloodPressure(let systolic, let diastolic): "\(systolic)/\(diastolic)"
        case .range(let low, let high): "\(low)-\(high)"
        }
    }

    /// Whether `value` is on target.
    public func contains(_ value: ReadingValue) -> Bool {
        switch (self, value) {
        case let (.bloodPressure(maxSystolic, maxDiastolic), .bloodPressure(systolic, diastolic, _)):
            return systolic <= maxSystolic && diastolic <= maxDiastolic
        case let (.range(low, high), .amount(quantity)):
            return low <= quantity && quantity <= high
        case let (.range(low, high), .bloodPressure(systolic, _, _)):
            return low <= Quantity(units: systolic) && Quantity(units: systolic) <= high
        case let (.bloodPressure(maxSystolic, _), .amount(quantity)):
            return quantity <= Quantity(units: maxSystolic)
        }
    }

    /// Reads a target of `kind`: `SYS/DIA` for blood pressure, `LOW-HIGH` for the others. The failure
    /// says what is wrong in English (the configuration's validator words its own message around it).
    public static func parse(_ text: String, kind: MeasurementKind) -> Result<MeasurementTarget, ReadingValue.Refusal> {
        func refuse(_ why: String) -> Result<MeasurementTarget, ReadingValue.Refusal> { .failure(ReadingValue.Refusal(description: why)) }
        if kind == .bloodPressure {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            // One to three digits each, as a reading's (`ReadingValue.parse`): a longer bound is no target, and
            // `contains` could not turn it into a Quantity without overflowing.
            guard parts.count == 2, parts.allSatisfy({ (1...3).contains($0.utf8.count) && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
                  let systolic = Int(parts[0]), let diastolic = Int(parts[1]) else {
                return refuse("a blood pressure target is the upper bound SYS/DIA, like \"135/85\"")
            }
            guard diastolic < systolic else { return refuse("the diastolic bound \(diastolic) is not below the systolic \(systolic)") }
            return .success(.bloodPressure(systolic: systolic, diastolic: diastolic))
        }
        let bytes = Array(text.utf8)
        guard let dash = bytes.indices.dropFirst().first(where: { bytes[$0] == UInt8(ascii: "-") }),
              case .success(let low) = Quantity.parse(String(decoding: bytes[..<dash], as: UTF8.self)),
              case .success(let high) = Quantity.parse(String(decoding: bytes[(dash + 1)...], as: UTF8.self)) else {
            return refuse("a target is the range LOW-HIGH, like \"\(kind.targetExample)\"")
        }
        guard low < high else { return refuse("the low end \(low) is not below the high end \(high)") }
        return .success(.range(low: low, high: high))
    }
}

extension MeasurementKind {
    /// A typical `target`, for messages.
    public var targetExample: String {
        switch self {
        case .bloodPressure: "135/85"
        case .glucose: "70-130"
        case .weight: "60-75"
        case .temperature: "36-37.5"
        case .heartRate: "50-90"
        case .spo2: "95-100"
        case .scale: "0-3"
        case .number: "1-2"
        }
    }
}
