/// A length of time written in the configuration as `45s`, `10m`, `2h`, `1h30m`, `1d` or `0`.
public struct TimeSpan: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var seconds: Int64

    public init(seconds: Int64) { self.seconds = seconds }
    public static func minutes(_ value: Int64) -> TimeSpan { TimeSpan(seconds: value * 60) }
    public static func hours(_ value: Int64) -> TimeSpan { TimeSpan(seconds: value * 3600) }
    public static func days(_ value: Int64) -> TimeSpan { TimeSpan(seconds: value * 86_400) }
    public static let zero = TimeSpan(seconds: 0)

    public var usec: Int64 { seconds * 1_000_000 }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }

    private static let units: [(Character, Int64)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]

    /// Parses `1h30m`-style text; units must appear at most once, largest first. Nil when malformed.
    public init?(parsing text: String) {
        if text == "0" { self.init(seconds: 0); return }
        var total: Int64 = 0
        var number: Int64? = nil
        var nextAllowedUnit = 0
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (product, overflowA) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = product.addingReportingOverflow(Int64(digit))
                guard !overflowA, !overflowB, sum < 1_000_000_000 else { return nil }
                number = sum
                continue
            }
            guard let value = number,
                  let unitIndex = Self.units.firstIndex(where: { $0.0 == character }),
                  unitIndex >= nextAllowedUnit else { return nil }
            total += value * Self.units[unitIndex].1
            number = nil
            nextAllowedUnit = unitIndex + 1
        }
        guard number == nil, nextAllowedUnit > 0 else { return nil }
        self.init(seconds: total)
    }

    /// The shortest text that parses back to this span, e.g. `1h30m`.
    public var description: String {
        if seconds == 0 { return "0" }
        var rest = seconds
        var text = ""
        for (unit, size) in Self.units where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
