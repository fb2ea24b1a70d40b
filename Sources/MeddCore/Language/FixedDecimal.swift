/// Numbers with a fixed count of decimals, rounded as C's `printf("%.*f")` rounds them (the exact
/// binary value, a tie to the even digit) but without C: so a report shows the very percentage
/// `medctl adherence` prints.
public enum FixedDecimal {
    /// `value` with `decimals` (0 to 3) digits after the point: `66.7` for 66.666… and 1.
    public static func text(_ value: Double, decimals: Int = 1) -> String {
        precondition((0...3).contains(decimals), "0 to 3 decimals")
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        let magnitude = abs(value)
        // From 2^40 on the rounding below would not hold; a report never gets there.
        guard magnitude < 0x1p40 else { return "\(value)" }
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = rounded(magnitude, times: scale)
        var text = String(scaled / scale)
        if decimals > 0 {
            let fraction = String(scaled % scale)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return value.sign == .minus ? "-" + text : text
    }

    /// `magnitude × scale` rounded half to even, from the exact significand and exponent.
    private static func rounded(_ magnitude: Double, times scale: UInt64) -> UInt64 {
        guard magnitude != 0 else { return 0 }
        let isNormal = magnitude.exponentBitPattern != 0
        let significand = magnitude.significandBitPattern | (isNormal ? 1 << 52 : 0)
        let exponent = (isNormal ? Int(magnitude.exponentBitPattern) - 1023 : -1022) - 52
        let product = significand * scale  // < 2^53 × 2^10: fits
        let shift = -exponent  // positive: the magnitude is below 2^40
        guard shift < 64 else { return 0 }  // the magnitude is below 2^-11: less than half the last digit
        let quotient = product >> UInt64(shift)
        let remainder = product & ((1 << UInt64(shift)) - 1)
        let half: UInt64 = 1 << UInt64(shift - 1)
        return remainder > half || (remainder == half && quotient & 1 == 1) ? quotient + 1 : quotient
    }
}
