import Foundation
import Systemd
import Testing

/// Fixed decimals round exactly as `String(format:)` rounds them.
@Suite struct DecimalTextTests {
    static let values: [Double] = [
        0, -0.0, 0.05, 0.15, 0.25, 0.5, 2.25, 6.25, 12.5, 33.333333333333336, 66.66666666666667, 99.95, 99.96,
        100, -1.25, 1e300, 123_456.789,
    ]

    @Test(arguments: values) func matchesStringFormat(value: Double) {
        #expect(DecimalText.fixed(value, decimals: 1) == String(format: "%.1f", value))
        #expect(DecimalText.fixed(value, decimals: 3) == String(format: "%.3f", value))
        #expect(DecimalText.fixed(value, decimals: 0) == String(format: "%.0f", value))
    }

    /// Every percentage of up to 200 doses, as `adherence` prints them.
    @Test func everyPercentageOfASmallCount() {
        for total in 1...200 {
            for taken in 0...total {
                let percentage = Double(taken) * 100 / Double(total)
                #expect(DecimalText.fixed(percentage, decimals: 1) == String(format: "%.1f", percentage))
            }
        }
    }
}
