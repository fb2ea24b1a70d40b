/// Whether a medication seems to do what it is taken for, from one measurement named with it (`for`):
/// the change in the readings around each dose taken and over the last four weeks, the adherence behind
/// them, a verdict and a confidence. Every number behind the verdict is here. It is a signal to talk over
/// with a doctor, never advice.
///
/// The rules, in `evaluate`:
/// - **Per dose.** For each dose taken, the mean of the readings in a window before it (blood pressure, heart
///   rate, SpO2: up to 2 h; glucose, temperature: 1 h; a 0–10 scale: 2 h) against the mean of those in a
///   window after it (1–6 h; glucose 1–3 h; temperature and a scale 1–4 h); the signal is the median of these
///   changes over the doses that have readings on both sides. Weight and a plain number change too slowly
///   to show around one dose: trend only.
/// - **Trend.** The mean of the last 14 days against the mean of the 14 days before.
/// - **Adherence.** Of the doses due in the period that ended, the share taken.
/// - **Verdict.** A signal counts when it has the samples its mode asks for; with none, `notEnoughData`.
///   Adherence below the mode's share gives `unclear`, never `likelyIneffective`. Otherwise the larger
///   improvement of the signals that count (a drop, but a rise for SpO2) decides: at least the mode's
///   change is `likelyEffective`, under half of it `likelyIneffective`, in between `unclear`.
/// - **Confidence**, 0–100: how far the improvement is from the nearest boundary between verdicts (half
///   the weight), the samples against those needed (0.3) and the adherence (0.2), each from 0 to 1; for
///   an `unclear` that adherence decides, how far below the share it is instead of the distance. It is
///   smoothed: the mean of this as of each of the last 19 readings of the period and as of its end (0
///   for a reading not yet taken), so that one new reading moves it by at most 10 points.
public struct MedicationEffect: Hashable, Sendable {
    public enum Verdict: String, CaseIterable, Hashable, Sendable {
        case likelyEffective = "likely_effective"
        case unclear
        case likelyIneffective = "likely_ineffective"
        case notEnoughData = "not_enough_data"

        /// The verdict in the person's language.
        public var words: Translatable {
            switch self {
            // TRANSLATORS: a verdict on a medication's effect on its readings: a signal for a talk with the doctor, not advice.
            case .likelyEffective: Translatable("likely effective")
            // TRANSLATORS: a verdict on a medication's effect on its readings: the readings do not tell.
            case .unclear: Translatable("unclear")
            // TRANSLATORS: a verdict on a medication's effect on its readings: no change seen although it was taken.
            case .likelyIneffective: Translatable("likely ineffective")
            // TRANSLATORS: a verdict on a medication's effect on its readings: too few readings or doses to tell.
            case .notEnoughData: Translatable("not enough data")
            }
        }
    }

    /// Why a verdict is `unclear`.
    public enum Doubt: String, Hashable, Sendable {
        /// Too few doses were taken for the readings to say anything about the medication.
        case adherence
        /// The change is more than no effect and less than an effect.
        case smallChange = "small_change"

        /// Why, in the person's language.
        public var words: Translatable {
            switch self {
            // TRANSLATORS: why a medication's effect is unclear: too few of its doses were taken.
            case .adherence: Translatable("too few doses taken")
            // TRANSLATORS: why a medication's effect is unclear: the readings changed, but less than an effect.
            case .smallChange: Translatable("a small change")
            }
        }
    }

    public var medication: String
    public var measurement: String
    public var kind: MeasurementKind
    public var unit: String
    public var mode: EffectMode
    public var period: Range<Instant>
    public var verdict: Verdict
    public var doubt: Doubt?
    /// 0–100, smoothed.
    public var confidence: Int
    /// The improvement that counts as an effect, in `unit` (for a `number`, the mode's share of its mean).
    public var threshold: Double
    /// The larger improvement of the signals that count, in `unit`: positive is better.
    public var improvement: Double?
    public var perDose: PerDose
    public var trend: Trend
    public var adherence: Adherence
    /// The samples each signal needs: doses with readings on both sides, readings in each fortnight; and
    /// the share of doses taken below which nothing is concluded.
    public var needed: EffectMode.Thresholds

    public init(medication: String, measurement: String, kind: MeasurementKind, unit: String, mode: EffectMode,
                period: Range<Instant>, verdict: Verdict, doubt: Doubt? = nil, confidence: Int, threshold: Double,
                improvement: Double? = nil, perDose: PerDose, trend: Trend, adherence: Adherence, needed: EffectMode.Thresholds) {
        self.medication = medication
        self.measurement = measurement
        self.kind = kind
        self.unit = unit
        self.mode = mode
        self.period = period
        self.verdict = verdict
        self.doubt = doubt
        self.confidence = confidence
        self.threshold = threshold
        self.improvement = improvement
        self.perDose = perDose
        self.trend = trend
        self.adherence = adherence
        self.needed = needed
    }

    /// The readings around the doses taken.
    public struct PerDose: Hashable, Sendable {
        /// The windows, or nil for a kind that has none (weight, number).
        public var windows: DoseWindows?
        /// Doses taken with readings in both windows.
        public var pairs: Int
        /// The median change from before to after, in `unit` (a blood pressure's systolic part), and a
        /// blood pressure's diastolic part.
        public var medianChange: Double?
        public var medianDiastolicChange: Double?

        public init(windows: DoseWindows?, pairs: Int, medianChange: Double? = nil, medianDiastolicChange: Double? = nil) {
            self.windows = windows
            self.pairs = pairs
            self.medianChange = medianChange
            self.medianDiastolicChange = medianDiastolicChange
        }
    }

    /// The last 14 days against the 14 before them.
    public struct Trend: Hashable, Sendable {
        public var recentMean: Double?
        public var earlierMean: Double?
        public var recentDiastolicMean: Double?
        public var earlierDiastolicMean: Double?
        public var recentReadings: Int
        public var earlierReadings: Int

        public init(recentMean: Double? = nil, earlierMean: Double? = nil, recentDiastolicMean: Double? = nil,
                    earlierDiastolicMean: Double? = nil, recentReadings: Int, earlierReadings: Int) {
            self.recentMean = recentMean
            self.earlierMean = earlierMean
            self.recentDiastolicMean = recentDiastolicMean
            self.earlierDiastolicMean = earlierDiastolicMean
            self.recentReadings = recentReadings
            self.earlierReadings = earlierReadings
        }
        /// `recentMean - earlierMean`.
        public var change: Double? {
            guard let recentMean, let earlierMean else { return nil }
            return recentMean - earlierMean
        }
    }

    public struct Adherence: Hashable, Sendable {
        public var dosesDue: Int
        public var dosesTaken: Int

        public init(dosesDue: Int, dosesTaken: Int) {
            self.dosesDue = dosesDue
            self.dosesTaken = dosesTaken
        }
        /// `dosesTaken / dosesDue`; nil when none was due.
        public var share: Double? { dosesDue > 0 ? Double(dosesTaken) / Double(dosesDue) : nil }
    }

    /// Where readings are looked for around a dose taken at `t`: `[t - before, t]` and `[t + after.lowerBound, t + after.upperBound]`.
    public struct DoseWindows: Hashable, Sendable {
        public var before: TimeSpan
        public var after: ClosedRange<Int64>

        /// The windows of `kind`, nil where one dose shows no change of its own.
        public static func of(_ kind: MeasurementKind) -> DoseWindows? {
            switch kind {
            case .bloodPressure, .heartRate, .spo2: DoseWindows(before: .hours(2), after: 3600...6 * 3600)
            case .glucose: DoseWindows(before: .hours(1), after: 3600...3 * 3600)
            case .temperature: DoseWindows(before: .hours(1), after: 3600...4 * 3600)
            case .scale: DoseWindows(before: .hours(2), after: 3600...4 * 3600)
            case .weight, .number: nil
            }
        }
    }

    /// What an evaluation reads: the readings of one measurement and the doses of one medication in `period`.
    public struct Input: Sendable {
        public var medication: String
        public var measurement: Measurement
        public var readings: [(at: Instant, value: ReadingValue)]
        /// When each dose was taken.
        public var intakes: [Instant]
        /// Each dose due that ended (taken, skipped or missed): when it was due, and whether it was taken.
        public var finals: [(due: Instant, taken: Bool)]
        public var period: Range<Instant>
        public var mode: EffectMode

        public init(medication: String, measurement: Measurement, readings: [(at: Instant, value: ReadingValue)],
                    intakes: [Instant], finals: [(due: Instant, taken: Bool)], period: Range<Instant>, mode: EffectMode = .default) {
            self.medication = medication
            self.measurement = measurement
            self.readings = readings
            self.intakes = intakes
            self.finals = finals
            self.period = period
            self.mode = mode
        }
    }

    /// How many readings, besides the end of the period, the confidence is the mean over.
    public static let smoothingReadings = 19
    /// The most one new reading moves the confidence: two raw values of at most 100 change in a mean of 20.
    public static let largestStep = 200 / (smoothingReadings + 1)
    /// The trend's two windows.
    public static let fortnight = TimeSpan.days(14)

    public static func evaluate(_ input: Input) -> MedicationEffect {
        let evaluator = Evaluator(input)
        let end = input.period.upperBound
        var final = evaluator.evaluation(asOf: end)
        let times = evaluator.readingTimes.suffix(smoothingReadings)
        let raws = times.map { evaluator.evaluation(asOf: $0).rawConfidence } + [final.rawConfidence]
        final.effect.confidence = Int((raws.reduce(0, +) / Double(smoothingReadings + 1)).rounded())
        return final.effect
    }
}

extension MedicationEffect {
    /// The readings and doses in order, and the evaluation as of any instant of the period from what was
    /// known by then.
    private struct Evaluator {
        let input: Input
        let thresholds: EffectMode.Thresholds
        let windows: DoseWindows?
        /// Readings of the period by time: the value the verdict follows (a blood pressure's systolic) and a
        /// blood pressure's diastolic.
        let readingTimes: [Instant]
        let primary: [Double]
        let diastolic: [Double?]
        let intakes: [Instant]
        let finals: [(due: Instant, taken: Bool)]
        /// A rise is the improvement (SpO2); otherwise a drop.
        let higherIsBetter: Bool
        /// Each intake's changes with every reading of the period, for the evaluations after its windows closed.
        private(set) var settledChanges: [(Double?, Double?)]

        init(_ input: Input) {
            self.input = input
            let kind = input.measurement.kind
            thresholds = input.mode.thresholds(kind: kind, unit: input.measurement.unit)
            windows = DoseWindows.of(kind)
            let readings = input.readings.filter { input.period.contains($0.at) }.sorted { $0.at < $1.at }
            readingTimes = readings.map(\.at)
            primary = readings.map { Double($0.value.primary.thousandths) / 1000 }
            diastolic = readings.map {
                if case .bloodPressure(_, let diastolic, _) = $0.value { Double(diastolic) } else { nil }
            }
            intakes = input.intakes.filter { input.period.contains($0) }.sorted()
            finals = input.finals.filter { input.period.contains($0.due) }
            higherIsBetter = kind == .spo2
            settledChanges = []
            if let windows {
                let all = readingTimes.count
                settledChanges = intakes.map { change(around: $0, within: all, windows) }
            }
        }

        struct Evaluation {
            var effect: MedicationEffect
            var rawConfidence: Double
        }

        func evaluation(asOf end: Instant) -> Evaluation {
            let known = Self.count(readingTimes, through: end)
            let perDose = perDoseSignal(readings: known, before: end)
            let trend = trendSignal(readings: known, asOf: end)
            let due = finals.filter { $0.due < end }
            let adherence = Adherence(dosesDue: due.count, dosesTaken: due.filter(\.taken).count)
            let threshold = thresholds.relative
                ? max(thresholds.change * abs(Self.mean(primary[..<known]) ?? 0), 0.001) : thresholds.change
            var effect = MedicationEffect(
                medication: input.medication, measurement: input.measurement.id, kind: input.measurement.kind,
                unit: input.measurement.unit, mode: input.mode, period: input.period, verdict: .notEnoughData,
                doubt: nil, confidence: 0, threshold: threshold, improvement: nil, perDose: perDose, trend: trend,
                adherence: adherence, needed: thresholds)

            let perDoseCounts = perDose.pairs >= thresholds.dosePairs
            let trendCounts = trend.recentReadings >= thresholds.readingsPerWindow && trend.earlierReadings >= thresholds.readingsPerWindow
            let improvements = [perDoseCounts ? perDose.medianChange : nil, trendCounts ? trend.change : nil]
                .compactMap { $0.map { higherIsBetter ? $0 : -$0 } }
            guard let improvement = improvements.max() else { return Evaluation(effect: effect, rawConfidence: 0) }
            effect.improvement = improvement
            let samples = min(1, max(perDoseCounts ? Double(perDose.pairs) / Double(thresholds.dosePairs) : 0,
                                     trendCounts ? Double(min(trend.recentReadings, trend.earlierReadings)) / Double(thresholds.readingsPerWindow) : 0))
            let share = adherence.share ?? 0
            let strength: Double
            if share < thresholds.adherence {
                effect.verdict = .unclear
                effect.doubt = .adherence
                strength = 1 - share / thresholds.adherence
            } else if improvement >= threshold {
                effect.verdict = .likelyEffective
                strength = min(1, (improvement - threshold) / (threshold / 2))
            } else if improvement < threshold / 2 {
                effect.verdict = .likelyIneffective
                strength = min(1, (threshold / 2 - improvement) / (threshold / 2))
            } else {
                effect.verdict = .unclear
                effect.doubt = .smallChange
                strength = min(improvement - threshold / 2, threshold - improvement) / (threshold / 4)
            }
            return Evaluation(effect: effect, rawConfidence: 100 * (0.5 * strength + 0.3 * samples + 0.2 * share))
        }

        /// The median over the doses taken before `end` of the change from the readings before each to those
        /// after it, among the first `readings` (the ones known by `end`).
        private func perDoseSignal(readings known: Int, before end: Instant) -> PerDose {
            guard let windows else { return PerDose(windows: nil, pairs: 0) }
            var changes: [Double] = []
            var diastolicChanges: [Double] = []
            for (index, intake) in intakes.enumerated() where intake < end {
                // A dose whose windows closed by `end` changes as it does with every reading: computed once.
                let closed = intake + TimeSpan(seconds: windows.after.upperBound) <= end
                let (change, diastolicChange) = closed ? settledChanges[index] : self.change(around: intake, within: known, windows)
                if let change { changes.append(change) }
                if let diastolicChange { diastolicChanges.append(diastolicChange) }
            }
            return PerDose(windows: windows, pairs: changes.count, medianChange: Self.median(changes),
                           medianDiastolicChange: Self.median(diastolicChanges))
        }

        /// The change from the readings before `intake` to those after it, among the first `known`: the value the
        /// verdict follows, and a blood pressure's diastolic; nil without readings on both sides.
        private func change(around intake: Instant, within known: Int, _ windows: DoseWindows) -> (Double?, Double?) {
            let before = range(from: intake - windows.before, through: intake, within: known)
            let after = range(from: intake + TimeSpan(seconds: windows.after.lowerBound),
                              through: intake + TimeSpan(seconds: windows.after.upperBound), within: known)
            guard let earlier = Self.mean(primary[before]), let later = Self.mean(primary[after]) else { return (nil, nil) }
            guard let diastolicEarlier = Self.mean(diastolic[before]), let diastolicLater = Self.mean(diastolic[after]) else {
                return (later - earlier, nil)
            }
            return (later - earlier, diastolicLater - diastolicEarlier)
        }

        /// The means of the fortnight up to `end` and of the one before it, among the first `readings`.
        private func trendSignal(readings known: Int, asOf end: Instant) -> Trend {
            let recent = range(after: end - MedicationEffect.fortnight, through: end, within: known)
            let earlier = range(after: end - MedicationEffect.fortnight - MedicationEffect.fortnight,
                                through: end - MedicationEffect.fortnight, within: known)
            return Trend(recentMean: Self.mean(primary[recent]), earlierMean: Self.mean(primary[earlier]),
                         recentDiastolicMean: Self.mean(diastolic[recent]), earlierDiastolicMean: Self.mean(diastolic[earlier]),
                         recentReadings: recent.count, earlierReadings: earlier.count)
        }

        /// The readings taken from `start` through `end`, both included, among the first `known`.
        private func range(from start: Instant, through end: Instant, within known: Int) -> Range<Int> {
            let lower = Self.count(readingTimes, before: start)
            return min(lower, known)..<max(min(lower, known), min(Self.count(readingTimes, through: end), known))
        }

        /// The readings taken after `start` through `end`, among the first `known`.
        private func range(after start: Instant, through end: Instant, within known: Int) -> Range<Int> {
            range(from: Instant(usec: start.usec + 1), through: end, within: known)
        }

        /// How many of `times` (sorted) are before `instant`.
        static func count(_ times: [Instant], before instant: Instant) -> Int {
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < instant { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// How many of `times` (sorted) are at or before `instant`.
        static func count(_ times: [Instant], through instant: Instant) -> Int {
            count(times, before: Instant(usec: instant.usec + 1))
        }

        static func mean(_ values: ArraySlice<Double>) -> Double? {
            values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }

        /// The mean of the values present.
        static func mean(_ values: ArraySlice<Double?>) -> Double? {
            var sum = 0.0, count = 0
            for case let value? in values {
                sum += value
                count += 1
            }
            return count == 0 ? nil : sum / Double(count)
        }

        static func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }
}
