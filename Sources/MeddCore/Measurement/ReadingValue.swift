/// The value of one reading, exact: a blood pressure's whole millimetres of mercury, or a decimal with
/// at most three places kept as a `Quantity`, so that `5.6` is stored, journaled and exported as `5.6`.
public enum ReadingValue: Hashable, Sendable, CustomStringConvertible {
    case bloodPressure(systolic: Int, diastolic: Int, pulse: Int?)
    case amount(Quantity)

    /// `132/84/71`, `132/84`, `5.6`, `72`: what `MEDD_VALUE` holds and `parse` reads back.
    public var description: String { formatted(decimalSeparator: ".") }

    /// `description` with another decimal separator (`5,6` in German).
    public func formatted(decimalSeparator: String) -> String {
        switch self {
        case .bloodPressure(let systolic, let diastolic, let pulse):
            return ([systolic, diastolic] + (pulse.map { [$0] } ?? [])).map(String.init).joined(separator: "/")
        case .amount(let quantity):
            return quantity.formatted(decimalSeparator: decimalSeparator)
        }
    }

    /// The number a chart or a mean uses: the systolic value of a blood pressure.
    public var primary: Quantity {
        switch self {
        case .bloodPressure(let systolic, _, _): Quantity(units: systolic)
        case .amount(let quantity): quantity
        }
    }

    /// Why a text is not a reading of a kind.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a reading of `kind` in `unit`, and checks that it is one a real measurement gives.
    /// `decimalSeparator` is accepted beside the point (`5,6` where the locale writes a comma).
    public static func parse(_ text: String, kind: MeasurementKind, unit: String,
                             decimalSeparator: String = ".") -> Result<ReadingValue, Refusal> {
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        let unitText = unit.isEmpty ? "" : " \(unit)"
        func refuse(_ why: String) -> Result<ReadingValue, Refusal> { .failure(Refusal(description: why)) }
        func written() -> String { DisplayText.quoted(trimmed) }
        if kind == .bloodPressure {
            let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let numbers = parts.map { part in part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && (1...3).contains(part.utf8.count) ? Int(part) : nil }
            guard (2...3).contains(parts.count), numbers.allSatisfy({ $0 != nil }) else {
                return refuse("\(written()) is not a blood pressure; write \(kind.valueForm(unit: unit))")
            }
            let systolic = numbers[0]!, diastolic = numbers[1]!, pulse = parts.count == 3 ? numbers[2] : nil
            let systolicRange = kind.plausibleRange(unit: unit)!
            guard systolicRange.contains(Quantity(units: systolic)) else {
                return refuse("systolic \(systolic) mmHg is outside the range a reading can have (\(systolicRange.lowerBound)–\(systolicRange.upperBound))")
            }
            guard MeasurementKind.diastolicRange.contains(diastolic) else {
                return refuse("diastolic \(diastolic) mmHg is outside the range a reading can have "
                              + "(\(MeasurementKind.diastolicRange.lowerBound)–\(MeasurementKind.diastolicRange.upperBound))")
            }
            guard diastolic < systolic else {
                return refuse("diastolic \(diastolic) is not below systolic \(systolic); write SYS/DIA, the larger first")
            }
            if let pulse, !MeasurementKind.pulseRange.contains(pulse) {
                return refuse("pulse \(pulse) bpm is outside the range a reading can have "
                              + "(\(MeasurementKind.pulseRange.lowerBound)–\(MeasurementKind.pulseRange.upperBound))")
            }
            return .success(.bloodPressure(systolic: systolic, diastolic: diastolic, pulse: pulse))
        }
        let decimal = withDecimalPoint(trimmed, separator: decimalSeparator)
        let quantity: Quantity
        switch Quantity.parse(decimal) {
        case .success(let parsed): quantity = parsed
        case .failure(.tooPrecise): return refuse("\(written()) has more than \(Quantity.decimalPlaces) decimal places")
        case .failure(.tooLarge): return refuse("\(written()) is too large for a reading")
        case .failure(.notDecimal):
            let hint = trimmed.contains(Character(",")) && decimalSeparator == "." ? "; write the decimals after a point, like \(kind.example(unit: unit))" : ""
            return refuse("\(written()) is not a number; a reading of \(kind.rawValue) is \(kind.valueForm(unit: unit))\(hint)")
        }
        if kind.isWhole, !quantity.isWhole {
            return refuse("\(written()) is not a whole number; a reading of \(kind.rawValue) is \(kind.valueForm(unit: unit))")
        }
        if let range = kind.plausibleRange(unit: unit), !range.contains(quantity) {
            return refuse("\(quantity)\(unitText) is outside the range a reading of \(kind.rawValue) can have (\(range.lowerBound)–\(range.upperBound)\(unitText))")
        }
        return .success(.amount(quantity))
    }
}

extension ReadingValue {
    /// `5,6` as `5.6` when `separator` (a locale's) is the comma: a text with that one separator and no
    /// point; anything else as written, for `parse` to judge.
    public static func withDecimalPoint(_ text: String, separator: String) -> String {
        guard separator.count == 1, let comma = separator.first, comma != ".", !text.contains(Character(".")),
              text.filter({ $0 == comma }).count == 1 else { return text }
        return String(text.map { $0 == comma ? "." : $0 })
    }

    /// Reads a value as `description` wrote it, without the range checks `parse` makes: a recorded
    /// reading stays readable whatever the ranges become.
    public static func parseRecorded(_ text: String, kind: MeasurementKind) -> ReadingValue? {
        if kind == .bloodPressure {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4 && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }) else {
                return nil
            }
            return .bloodPressure(systolic: Int(parts[0])!, diastolic: Int(parts[1])!, pulse: parts.count == 3 ? Int(parts[2])! : nil)
        }
        guard case .success(let quantity) = Quantity.parse(text) else { return nil }
        return .amount(quantity)
    }
}
