/// A number of units with at most three decimal places (`0.5`, `27.25`, `60`): stock, `per_dose` and
/// `refill_at`. Kept as a whole number of thousandths, so that 10,000 doses of 0.25 take exactly 2,500
/// units, where binary floating point would drift.
public struct Quantity: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public static let decimalPlaces = 3
    static let scale: Int64 = 1000
    /// The largest amount the configuration takes: sums of a lifetime of doses stay far from overflowing.
    public static let maximum = Quantity(units: 1_000_000_000)
    public static let zero = Quantity(thousandths: 0)
    public static let one = Quantity(units: 1)
    /// The smallest amount above zero: 0.001.
    public static let smallest = Quantity(thousandths: 1)

    public let thousandths: Int64

    public init(thousandths: Int64) {
        self.thousandths = thousandths
    }

    public init(units: Int) {
        thousandths = Int64(units) * Self.scale
    }

    public init(integerLiteral units: Int) {
        self.init(units: units)
    }

    /// Why a number is not a quantity.
    public enum Refusal: Error, Hashable, Sendable {
        /// Digits past the third decimal place.
        case tooPrecise
        /// Not a decimal number at all (`half`, `1e3`, `0x10`).
        case notDecimal
        /// Larger in magnitude than `maximum`.
        case tooLarge
    }

    /// `27.25`, `-1`, `.5` is refused: an optional sign, digits, and at most three decimals after a point.
    public static func parse(_ text: String) -> Result<Quantity, Refusal> {
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(point ?? bytes.endIndex)]
        let fraction = point.map { bytes[($0 + 1)...] } ?? []
        guard !whole.isEmpty, whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit), point == nil || !fraction.isEmpty else {
            return .failure(.notDecimal)
        }
        // Trailing zeros add no precision: 0.5000 is 0.5.
        let significantFraction = fraction.reversed().drop { $0 == UInt8(ascii: "0") }.reversed()
        guard significantFraction.count <= decimalPlaces else { return .failure(.tooPrecise) }
        let wholeDigits = whole.drop { $0 == UInt8(ascii: "0") }
        guard wholeDigits.count <= 10 else { return .failure(.tooLarge) }
        let fractionDigits = Array(significantFraction) + Array(repeating: UInt8(ascii: "0"), count: decimalPlaces - significantFraction.count)
        let value = (wholeDigits + fractionDigits).reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        guard value <= maximum.thousandths else { return .failure(.tooLarge) }
        return .success(Quantity(thousandths: negative ? -value : value))
    }

    /// A whole number of units, within `maximum`.
    public static func parse(units: Int) -> Result<Quantity, Refusal> {
        units.magnitude <= UInt64(maximum.thousandths / scale) ? .success(Quantity(units: units)) : .failure(.tooLarge)
    }

    /// The decimal a `Double` was written as: Swift prints a double as the shortest digits that read back
    /// as it, and those are the written decimal itself whenever it had fifteen significant digits or
    /// fewer (every quantity up to `maximum` has at most thirteen). So a TOML or JSON reader that hands
    /// over a double loses nothing, and a number with a fourth decimal place is still told apart.
    public static func parse(exactly double: Double) -> Result<Quantity, Refusal> {
        guard double.isFinite else { return .failure(.notDecimal) }
        guard abs(double) <= Double(maximum.thousandths / scale) else { return .failure(.tooLarge) }
        let text = "\(double)"
        if text.contains(where: { $0 == "e" || $0 == "E" }) {
            // Only numbers below 1e-4 print with an exponent in this range: more than three decimals.
            return .failure(.tooPrecise)
        }
        return parse(text)
    }

    /// `27.25`, `0.5`, `60`, `-1.5`: the shortest exact decimal, with a point.
    public var description: String { formatted(decimalSeparator: ".") }

    /// `description` with another decimal separator (`27,25` in German).
    public func formatted(decimalSeparator: String) -> String {
        let magnitude = thousandths.magnitude
        let whole = magnitude / UInt64(Self.scale)
        var fraction = String(magnitude % UInt64(Self.scale))
        fraction = String(repeating: "0", count: Self.decimalPlaces - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let sign = thousandths < 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : decimalSeparator + fraction)
    }

    /// As the person's locale writes decimals: `27,25` in German.
    public var localized: String { formatted(decimalSeparator: Translation.currentFormats.decimalSeparator) }

    /// The number that picks a plural form for it ("1 unit", "2.5 units"): itself when whole, else 2, whose
    /// form every catalog here uses for a fraction ("0.5 units", "2,5 jednostki").
    public var pluralCount: Int { isWhole ? Int(clamping: thousandths / Self.scale) : 2 }

    /// Whether it is a whole number of units.
    public var isWhole: Bool { thousandths % Self.scale == 0 }

    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.thousandths < rhs.thousandths }
    public static func + (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(thousandths: lhs.thousandths + rhs.thousandths) }
    public static func - (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(thousandths: lhs.thousandths - rhs.thousandths) }
    public static func * (lhs: Quantity, rhs: Int) -> Quantity { Quantity(thousandths: lhs.thousandths * Int64(rhs)) }
    public static prefix func - (value: Quantity) -> Quantity { Quantity(thousandths: -value.thousandths) }
    public static func += (lhs: inout Quantity, rhs: Quantity) { lhs = lhs + rhs }
    public static func -= (lhs: inout Quantity, rhs: Quantity) { lhs = lhs - rhs }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
