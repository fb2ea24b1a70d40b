import Testing
@testable import MeddCore

/// Reading values: what each kind takes, exactly, and the plain refusal of what no real measurement gives.
@Suite struct ReadingValueTests {
    static func parse(_ text: String, _ kind: MeasurementKind, unit: String? = nil, separator: String = ".") -> Result<ReadingValue, ReadingValue.Refusal> {
        ReadingValue.parse(text, kind: kind, unit: unit ?? kind.defaultUnit, decimalSeparator: separator)
    }

    @Test func bloodPressureWithAndWithoutPulse() throws {
        #expect(try Self.parse("132/84/71", .bloodPressure).get() == .bloodPressure(systolic: 132, diastolic: 84, pulse: 71))
        #expect(try Self.parse(" 120/80 ", .bloodPressure).get() == .bloodPressure(systolic: 120, diastolic: 80, pulse: nil))
        #expect(try Self.parse("132/84/71", .bloodPressure).get().description == "132/84/71")
    }

    @Test(arguments: [
        ("120", "\"120\" is not a blood pressure; write SYS/DIA or SYS/DIA/PULSE in mmHg, like 132/84 or 132/84/71"),
        ("300/80", "systolic 300 mmHg is outside the range a reading can have (40–280)"),
        ("120/10", "diastolic 10 mmHg is outside the range a reading can have (20–200)"),
        ("90/120", "diastolic 120 is not below systolic 90; write SYS/DIA, the larger first"),
        ("120/80/400", "pulse 400 bpm is outside the range a reading can have (20–300)"),
        ("120.5/80", "\"120.5/80\" is not a blood pressure; write SYS/DIA or SYS/DIA/PULSE in mmHg, like 132/84 or 132/84/71"),
        ("120/80/70/1", "\"120/80/70/1\" is not a blood pressure; write SYS/DIA or SYS/DIA/PULSE in mmHg, like 132/84 or 132/84/71"),
    ])
    func badBloodPressures(text: String, message: String) {
        #expect(Self.parse(text, .bloodPressure) == .failure(ReadingValue.Refusal(description: message)))
    }

    @Test func decimalsAreExact() throws {
        #expect(try Self.parse("5.6", .glucose, unit: "mmol/L").get() == .amount(Quantity(thousandths: 5_600)))
        #expect(try Self.parse("72.45", .weight).get().description == "72.45")
        #expect(try Self.parse("36.80", .temperature).get().description == "36.8")
        #expect(try Self.parse("-3.5", .number).get().description == "-3.5")
    }

    @Test func theLocaleCommaIsAcceptedWhereItIsTheSeparator() throws {
        #expect(try Self.parse("5,6", .glucose, unit: "mmol/L", separator: ",").get() == .amount(Quantity(thousandths: 5_600)))
        #expect(Self.parse("5,6", .glucose, unit: "mmol/L") == .failure(ReadingValue.Refusal(description:
            "\"5,6\" is not a number; a reading of glucose is a decimal number, like 5.6; write the decimals after a point, like 5.6")))
        #expect(Self.parse("72,5,1", .weight, separator: ",") == .failure(ReadingValue.Refusal(description:
            "\"72,5,1\" is not a number; a reading of weight is a decimal number, like 72.5")))
    }

    @Test(arguments: [
        ("abc", MeasurementKind.glucose, "mg/dL", "\"abc\" is not a number; a reading of glucose is a decimal number, like 95"),
        ("-1", .weight, "kg", "-1 kg is outside the range a reading of weight can have (0.5–650 kg)"),
        ("140", .spo2, "%", "140 % is outside the range a reading of spo2 can have (50–100 %)"),
        ("97.5", .spo2, "%", "\"97.5\" is not a whole number; a reading of spo2 is a whole percentage, like 97"),
        ("11", .scale, "/10", "11 /10 is outside the range a reading of scale can have (0–10 /10)"),
        ("1.2345", .number, "", "\"1.2345\" has more than 3 decimal places"),
        ("56", .glucose, "mmol/L", "56 mmol/L is outside the range a reading of glucose can have (0.5–55.5 mmol/L)"),
    ])
    func badAmounts(text: String, kind: MeasurementKind, unit: String, message: String) {
        #expect(Self.parse(text, kind, unit: unit) == .failure(ReadingValue.Refusal(description: message)))
    }

    /// Every kind's example is a reading of it, and what a reading writes reads back as itself.
    @Test(arguments: MeasurementKind.allCases) func examplesRoundTrip(kind: MeasurementKind) throws {
        for unit in kind.units.isEmpty ? [""] : kind.units {
            let value = try Self.parse(kind.example(unit: unit), kind, unit: unit).get()
            #expect(ReadingValue.parseRecorded(value.description, kind: kind) == value)
            #expect(try Self.parse(value.description, kind, unit: unit).get() == value)
        }
    }

    @Test func targets() throws {
        let bp = try MeasurementTarget.parse("135/85", kind: .bloodPressure).get()
        #expect(bp.contains(.bloodPressure(systolic: 135, diastolic: 85, pulse: nil)))
        #expect(!bp.contains(.bloodPressure(systolic: 136, diastolic: 80, pulse: nil)))
        #expect(!bp.contains(.bloodPressure(systolic: 120, diastolic: 86, pulse: 60)))
        let range = try MeasurementTarget.parse("4-7.8", kind: .glucose).get()
        #expect(range.description == "4-7.8")
        #expect(range.contains(.amount(Quantity(thousandths: 7_800))) && !range.contains(.amount(Quantity(thousandths: 7_801))))
        #expect(try MeasurementTarget.parse("-5--1", kind: .number).get() == .range(low: Quantity(units: -5), high: Quantity(units: -1)))
        for bad in ["135-85", "85/135", "x/y"] { #expect(throws: ReadingValue.Refusal.self) { try MeasurementTarget.parse(bad, kind: .bloodPressure).get() } }
        for bad in ["7-4", "70/80", "4", "4-"] { #expect(throws: ReadingValue.Refusal.self) { try MeasurementTarget.parse(bad, kind: .weight).get() } }
    }
}
