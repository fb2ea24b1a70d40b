import Systemd
import Testing
import MeddCore

/// One decimal as printf writes it (the oracle: Systemd's DecimalText, which calls vsnprintf).
@Suite struct FixedDecimalTests {
    /// Every share k/n for n up to 300, as adherence percentages are made.
    @Test func everyPercentageMatchesPrintf() {
        for total in 1...300 {
            for taken in 0...total {
                let value = Double(taken) * 100 / Double(total)
                #expect(FixedDecimal.text(value) == DecimalText.fixed(value, decimals: 1), "\(taken)/\(total)")
            }
        }
    }

    /// Ties, tiny and large values, and other decimal counts.
    @Test func edgesMatchPrintf() {
        let values = [0, 0.05, 0.15, 0.25, 12.25, 99.95, 2.5, 3.5, 1e-9, 0.000_49, 123_456.789, 1_099_511_627_775.5, 66.666_666]
        for value in values {
            for decimals in 0...3 {
                #expect(FixedDecimal.text(value, decimals: decimals) == DecimalText.fixed(value, decimals: decimals), "\(value) \(decimals)")
                #expect(FixedDecimal.text(-value, decimals: decimals) == DecimalText.fixed(-value, decimals: decimals), "-\(value)")
            }
        }
        var seed: UInt64 = 42
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(seed >> 11) / Double(1 << 53) * pow10(Int(seed % 9))
            #expect(FixedDecimal.text(value, decimals: Int(seed % 4)) == DecimalText.fixed(value, decimals: Int(seed % 4)), "\(value)")
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
