import PropertyBased
import Testing
import MeddCore

/// Amounts of units with up to three decimal places, kept as thousandths.
@Suite struct QuantityTests {
    /// Decimals read as written; a fourth significant place, a missing digit or a word is refused.
    @Test func parsesDecimalsWithAtMostThreePlaces() throws {
        #expect(try Quantity.parse("27.25").get().thousandths == 27_250)
        #expect(try Quantity.parse("0.5").get().thousandths == 500)
        #expect(try Quantity.parse("-1").get().thousandths == -1_000)
        #expect(try Quantity.parse("2.5000").get().thousandths == 2_500)
        #expect(try Quantity.parse("0.001").get() == .smallest)
        #expect(Quantity.parse("0.0001") == .failure(.tooPrecise))
        #expect(Quantity.parse("1.2345") == .failure(.tooPrecise))
        #expect(Quantity.parse("half") == .failure(.notDecimal))
        #expect(Quantity.parse(".5") == .failure(.notDecimal))
        #expect(Quantity.parse("5.") == .failure(.notDecimal))
        #expect(Quantity.parse("1e3") == .failure(.notDecimal))
        #expect(Quantity.parse("") == .failure(.notDecimal))
        #expect(Quantity.parse("1000000001") == .failure(.tooLarge))
        #expect(Quantity.parse(units: 1_000_000_000) == .success(.maximum))
        #expect(Quantity.parse(units: -1_000_000_001) == .failure(.tooLarge))
        #expect(Quantity.parse(units: .min) == .failure(.tooLarge))
        #expect(Quantity.parse("99999999999999999999999") == .failure(.tooLarge))
    }

    /// The shortest exact decimal, with the locale's separator on request.
    @Test func writesTheShortestExactDecimal() {
        #expect(Quantity(thousandths: 27_250).description == "27.25")
        #expect(Quantity(thousandths: 500).description == "0.5")
        #expect(Quantity(units: 60).description == "60")
        #expect(Quantity(thousandths: -1_500).description == "-1.5")
        #expect(Quantity(thousandths: -5).description == "-0.005")
        #expect(Quantity(thousandths: 27_250).formatted(decimalSeparator: ",") == "27,25")
    }

    /// A double that holds a written decimal gives that decimal back, and a fourth place is still seen.
    @Test func readsDoublesAsTheDecimalTheyWereWrittenAs() throws {
        #expect(try Quantity.parse(exactly: 0.1).get().thousandths == 100)
        #expect(try Quantity.parse(exactly: 27.25).get().thousandths == 27_250)
        #expect(try Quantity.parse(exactly: 999_999_999.999).get().thousandths == 999_999_999_999)
        #expect(Quantity.parse(exactly: 0.0001) == .failure(.tooPrecise))
        #expect(Quantity.parse(exactly: 0.00001) == .failure(.tooPrecise))
        #expect(Quantity.parse(exactly: 0.1234) == .failure(.tooPrecise))
        #expect(Quantity.parse(exactly: .nan) == .failure(.notDecimal))
        #expect(Quantity.parse(exactly: 2e9) == .failure(.tooLarge))
    }

    /// Every amount in range survives its text and a trip through a double (as a JSON reader makes it).
    @Test func everyAmountRoundTrips() async {
        let amounts = Gen.int(in: -1_000_000_000_000...1_000_000_000_000).map { Quantity(thousandths: Int64($0)) }
        await propertyCheck(count: 2_000, input: amounts) { amount in
            #expect(Quantity.parse(amount.description) == .success(amount))
            #expect(Quantity.parse(exactly: Double(amount.thousandths) / 1000) == .success(amount))
        }
    }
}
