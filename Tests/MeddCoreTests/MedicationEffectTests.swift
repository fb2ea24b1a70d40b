import MeddCore
import PropertyBased
import Testing

/// `MedicationEffect` from constructed histories with a known answer, and the bound on how far one new
/// reading moves the confidence.
@Suite struct MedicationEffectTests {
    /// 2026-10-01T00:00:00Z: the first day of every history here.
    static let start = Instant(seconds: 1_790_812_800)
    static let day: Int64 = 86_400

    static func at(day: Int, _ hour: Int, _ minute: Int = 0) -> Instant {
        Instant(seconds: start.seconds + Int64(day) * Self.day + Int64(hour * 3600 + minute * 60))
    }

    static let bloodPressure = Measurement(id: "bp", kind: .bloodPressure)

    /// Readings at 07:30 and 19:30 of days `0..<days`; `value(day, reading)` gives each.
    static func twiceDaily(days: Int, _ value: (Int, Int) -> ReadingValue) -> [(at: Instant, value: ReadingValue)] {
        (0..<days).flatMap { day in [(at(day: day, 7, 30), value(day, 0)), (at(day: day, 19, 30), value(day, 1))] }
    }

    /// A small, even wobble: -2, +1, +2, -1 mmHg by turns, so that a fortnight's mean is the level itself.
    static func wobble(_ day: Int, _ reading: Int) -> Int { [-2, 1, 2, -1][(2 * day + reading) % 4] }

    /// Lisinopril once a day at 08:00 from day 8 to day 27 (20 doses), the first `taken` of them taken at 08:05.
    static func lisinopril(taken: Int) -> (intakes: [Instant], finals: [(due: Instant, taken: Bool)]) {
        let days = Array(8..<28)
        let takenDays = Set(days.prefix(taken))
        return (days.filter(takenDays.contains).map { at(day: $0, 8, 5) }, days.map { (at(day: $0, 8), takenDays.contains($0)) })
    }

    static func effect(readings: [(at: Instant, value: ReadingValue)], taken: Int, mode: EffectMode = .balanced,
                       measurement: Measurement = bloodPressure) -> MedicationEffect {
        let doses = lisinopril(taken: taken)
        return MedicationEffect.evaluate(MedicationEffect.Input(
            medication: "lisinopril", measurement: measurement, readings: readings, intakes: doses.intakes, finals: doses.finals,
            period: start..<at(day: 28, 0), mode: mode))
    }

    /// 150/95 for the first fortnight, 135/85 from day 14 (lisinopril shows a week after its start).
    static let dropOf15Over10 = twiceDaily(days: 28) { day, reading in
        let (systolic, diastolic) = day < 14 ? (150, 95) : (135, 85)
        return .bloodPressure(systolic: systolic + wobble(day, reading), diastolic: diastolic + wobble(day, reading), pulse: nil)
    }

    @Test func aDropOf15Over10At90PercentIsLikelyEffective() {
        let effect = Self.effect(readings: Self.dropOf15Over10, taken: 18)
        #expect(effect.verdict == .likelyEffective)
        #expect(effect.adherence.share == 0.9)
        #expect(effect.trend.change == -15)
        #expect(effect.trend.recentMean == 135 && effect.trend.earlierMean == 150)
        #expect(effect.trend.recentDiastolicMean == 85 && effect.trend.earlierDiastolicMean == 95)
        #expect(effect.trend.recentReadings == 28 && effect.trend.earlierReadings == 28)
        #expect(effect.improvement == 15 && effect.threshold == 5)
        #expect(effect.perDose.pairs == 0, "no reading 1-6 h after an 08:05 dose")
        #expect(effect.confidence > 60, "a large change, samples aplenty, good adherence: \(effect.confidence)")
    }

    @Test func theSameReadingsAt40PercentAreUnclear() {
        let effect = Self.effect(readings: Self.dropOf15Over10, taken: 8)
        #expect(effect.adherence.share == 0.4)
        #expect(effect.verdict == .unclear && effect.doubt == .adherence)
        #expect(effect.trend.change == -15, "the numbers are still given")
    }

    @Test func noChangeAt95PercentIsLikelyIneffective() {
        let steady = Self.twiceDaily(days: 28) { day, reading in
            .bloodPressure(systolic: 142 + Self.wobble(day, reading), diastolic: 90, pulse: nil)
        }
        let effect = Self.effect(readings: steady, taken: 19)
        #expect(effect.adherence.share == 0.95)
        #expect(effect.verdict == .likelyIneffective)
        #expect(effect.trend.change == 0)
        #expect(effect.confidence > 60, "\(effect.confidence)")
    }

    @Test func poorAdherenceIsNeverLikelyIneffective() {
        let steady = Self.twiceDaily(days: 28) { _, _ in .bloodPressure(systolic: 142, diastolic: 90, pulse: nil) }
        let effect = Self.effect(readings: steady, taken: 8)
        #expect(effect.verdict == .unclear && effect.doubt == .adherence)
    }

    @Test func fiveReadingsAreNotEnoughData() {
        let five = Array(Self.dropOf15Over10.suffix(5))
        for mode in EffectMode.allCases {
            let effect = Self.effect(readings: five, taken: 20, mode: mode)
            #expect(effect.verdict == .notEnoughData && effect.improvement == nil && effect.confidence == 0)
        }
    }

    /// A drop of 4 mmHg: an effect for the aggressive mode (3), in between for the balanced (5: 2.5 to 5), no
    /// effect for the conservative (10: under 5).
    @Test func theModeSetsTheChangeThatCounts() {
        let small = Self.twiceDaily(days: 28) { day, _ in .bloodPressure(systolic: day < 14 ? 144 : 140, diastolic: 88, pulse: nil) }
        #expect(Self.effect(readings: small, taken: 20, mode: .aggressive).verdict == .likelyEffective)
        let balanced = Self.effect(readings: small, taken: 20, mode: .balanced)
        #expect(balanced.verdict == .unclear && balanced.doubt == .smallChange)
        #expect(Self.effect(readings: small, taken: 20, mode: .conservative).verdict == .likelyIneffective)
    }

    /// Glucose in mmol/L, read an hour before each dose and two hours after it: 2 mmol/L lower after each
    /// (the threshold, 10 mg/dL, is 0.56 mmol/L); no trend, as the level is the same every day.
    @Test func glucoseAroundEachDoseInMmolPerLitre() {
        var glucose = Measurement(id: "sugar", kind: .glucose, unit: "mmol/L")
        glucose.medications = ["lisinopril"]
        let readings = (8..<28).flatMap { day in
            [(Self.at(day: day, 7, 10), ReadingValue.amount(Quantity(thousandths: 8_400))),
             (Self.at(day: day, 10, 5), ReadingValue.amount(Quantity(thousandths: 6_400)))]
        }
        let effect = Self.effect(readings: readings, taken: 20, measurement: glucose)
        #expect(effect.perDose.pairs == 20)
        #expect(effect.perDose.windows?.before == .hours(1) && effect.perDose.windows?.after == 3600...10_800)
        #expect(abs((effect.perDose.medianChange ?? 0) + 2) < 1e-9)
        #expect(abs(effect.threshold - 10 / 18.016) < 1e-9)
        #expect(effect.verdict == .likelyEffective)
    }

    /// SpO2 is better higher: a rise of 3 points is an effect.
    @Test func aRiseInOxygenSaturationIsTheImprovement() {
        let spo2 = Measurement(id: "ox", kind: .spo2)
        let readings = Self.twiceDaily(days: 28) { day, _ in .amount(Quantity(units: day < 14 ? 92 : 95)) }
        let effect = Self.effect(readings: readings, taken: 20, measurement: spo2)
        #expect(effect.improvement == 3 && effect.verdict == .likelyEffective)
    }

    /// Weight has no windows around a dose: its trend alone decides.
    @Test func weightHasOnlyATrend() {
        let weight = Measurement(id: "kg", kind: .weight)
        let readings = Self.twiceDaily(days: 28) { day, _ in .amount(Quantity(units: day < 14 ? 84 : 82)) }
        let effect = Self.effect(readings: readings, taken: 20, measurement: weight)
        #expect(effect.perDose.windows == nil && effect.perDose.pairs == 0)
        #expect(effect.improvement == 2 && effect.verdict == .likelyEffective)
    }

    // MARK: - One reading never swings the confidence

    /// A history: blood pressures at random times of 28 days around a random level and drop, doses at random
    /// adherence; then one more reading, later than all of them.
    static let histories = zip(Gen.int(in: 0...1_000_000).array(of: 0...120), Gen.int(in: 0...20), Gen.int(in: 0...1_000_000))

    @Test func oneNewReadingMovesTheConfidenceByAtMostTheSmoothingStep() async {
        #expect(MedicationEffect.largestStep == 10)
        await propertyCheck(count: 300, input: Self.histories) { draws, taken, last in
            let drop = draws.first.map { $0 % 25 } ?? 0
            var readings = draws.map { draw -> (at: Instant, value: ReadingValue) in
                let second = Int64(draw % (27 * 86_400))
                let systolic = 150 - (second >= 14 * Self.day ? drop : 0) + (draw / 7 % 11) - 5
                return (Instant(seconds: Self.start.seconds + second), .bloodPressure(systolic: systolic, diastolic: 80, pulse: nil))
            }
            readings.sort { $0.at < $1.at }
            let latest = readings.last?.at.seconds ?? Self.start.seconds
            let newest = Instant(seconds: latest + 1 + Int64(last % 3600))
            for mode in EffectMode.allCases {
                let before = Self.effect(readings: readings, taken: taken, mode: mode)
                let after = Self.effect(readings: readings + [(newest, .bloodPressure(systolic: 90 + last % 90, diastolic: 60, pulse: nil))],
                                        taken: taken, mode: mode)
                #expect((0...100).contains(before.confidence) && (0...100).contains(after.confidence))
                // Ten points, the step the smoothing allows, and one for rounding each side to a whole number.
                #expect(abs(after.confidence - before.confidence) <= 11,
                        "\(mode): \(before.confidence) -> \(after.confidence) with \(readings.count) readings")
            }
        }
    }
}
