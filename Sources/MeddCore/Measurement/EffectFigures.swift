/// A medication's effect in words and figures, as `medctl effect` and the report show it: the same
/// cells in every language, numbers with the locale's decimal separator, each figure with what it
/// rests on (the doses, the readings, how many a verdict needs).
public struct EffectFigures: Sendable {
    public let effect: MedicationEffect
    private let formats: LocaleFormats

    public init(_ effect: MedicationEffect, formats: LocaleFormats) {
        self.effect = effect
        self.formats = formats
    }

    /// `likely effective`; an unclear verdict with its doubt: `unclear: too few doses taken`.
    public var verdict: Translatable {
        guard let doubt = effect.doubt else { return effect.verdict.words }
        // TRANSLATORS: a verdict on a medication's effect ("unclear") and why ("too few doses taken").
        return Translatable("%1$s: %2$s", effect.verdict.words, doubt.words)
    }

    /// `94%`.
    public var confidence: Translatable { percentage(Double(effect.confidence), decimals: 0) }

    /// The median change around the doses taken: `-15.0/-10.0 mmHg (24 doses)`; `– (3 doses, 6 needed)`
    /// with too few; `trend only` for a kind that shows no change around one dose.
    public var aroundDoses: Translatable {
        let perDose = effect.perDose
        guard perDose.windows != nil else {
            // TRANSLATORS: in place of the change around each dose, for weight and other slow measurements.
            return Translatable("trend only")
        }
        let pairs = perDose.pairs
        let needed = effect.needed.dosePairs
        guard pairs >= needed, let change = perDose.medianChange else {
            // TRANSLATORS: too few doses taken with readings before and after them: %1$d how many there are, %2$d how many are needed.
            return .plural("– (%1$d dose, %2$d needed)", "– (%1$d doses, %2$d needed)", count: pairs, String(pairs), String(needed))
        }
        let amount = pair(change, perDose.medianDiastolicChange, signed: true) + unitSuffix
        // TRANSLATORS: the median change of a measurement around the doses taken: %1$s the change with its unit (-15.0/-10.0 mmHg), %2$d the doses it is over.
        return .plural("%1$s (%2$d dose)", "%1$s (%2$d doses)", count: pairs, amount, String(pairs))
    }

    /// The last fortnight against the one before: `142.0/90.0 → 127.0/80.0 mmHg (28, 28 readings)`;
    /// with too few readings, how many there are and are needed.
    public var trend: Translatable {
        let trend = effect.trend
        let needed = effect.needed.readingsPerWindow
        let recent = String(trend.recentReadings)
        let earlier = String(trend.earlierReadings)
        guard trend.recentReadings >= needed, trend.earlierReadings >= needed,
              let recentMean = trend.recentMean, let earlierMean = trend.earlierMean else {
            // TRANSLATORS: too few readings in the two fortnights compared: %1$s in the earlier one, %2$s in the last one, %3$d how many each needs.
            return .plural("– (%1$s and %2$s readings, %3$d needed in each)", "– (%1$s and %2$s readings, %3$d needed in each)",
                           count: needed, earlier, recent, String(needed))
        }
        let from = pair(earlierMean, trend.earlierDiastolicMean, signed: false)
        let to = pair(recentMean, trend.recentDiastolicMean, signed: false) + unitSuffix
        // TRANSLATORS: the mean of the 14 days before the last 14 (%1$s) and of the last 14 (%2$s, with its unit); %3$s and %4$s the readings in each.
        return Translatable("%1$s → %2$s (%3$s and %4$s readings)", from, to, earlier, recent)
    }

    /// `90% (54 of 60 doses)`, or `–` when no dose was due.
    public var adherence: Translatable {
        let adherence = effect.adherence
        guard let share = adherence.share else {
            // TRANSLATORS: the adherence behind a medication's effect when no dose of it was due.
            return Translatable("– (no dose due)")
        }
        // TRANSLATORS: the share of doses taken (%1$s, 90%), %2$d of %3$d doses due.
        return .plural("%1$s (%2$d of %3$d dose)", "%1$s (%2$d of %3$d doses)", count: adherence.dosesDue,
                       percentage(share * 100, decimals: 0), String(adherence.dosesTaken), String(adherence.dosesDue))
    }

    /// What the verdict was held to: `a fall of 5.0 mmHg or more counts as an effect, less than 2.5 mmHg as
    /// none; 6 doses or readings needed; unclear below 60% of doses taken`.
    public var rule: Translatable {
        let threshold = amount(effect.threshold) + unitSuffix
        let half = amount(effect.threshold / 2) + unitSuffix
        let samples = String(effect.needed.dosePairs)
        let share = percentage(effect.needed.adherence * 100, decimals: 0)
        if effect.kind == .spo2 {
            // TRANSLATORS: the rule a verdict on a medication's effect follows: %1$s and %2$s amounts with their unit; %3$s how many doses with readings before and after, or readings in each fortnight, it needs; %4$s a percentage.
            return Translatable("a rise of %1$s or more counts as an effect, less than %2$s as none; %3$s doses or readings needed; unclear below %4$s of doses taken",
                                threshold, half, samples, share)
        }
        // TRANSLATORS: the rule a verdict on a medication's effect follows: %1$s and %2$s amounts with their unit; %3$s how many doses with readings before and after, or readings in each fortnight, it needs; %4$s a percentage.
        return Translatable("a fall of %1$s or more counts as an effect, less than %2$s as none; %3$s doses or readings needed; unclear below %4$s of doses taken",
                            threshold, half, samples, share)
    }

    /// Said with every verdict, wherever it is shown.
    public static var caution: Translatable {
        // TRANSLATORS: under every verdict on a medication's effect on its readings.
        Translatable("These verdicts compare readings with the doses taken. They are a signal to talk over with your doctor, not medical advice: do not change or stop a medication because of them.")
    }

    /// `-15.0/-10.0` for a blood pressure's two parts, `+0.4` for one value.
    private func pair(_ value: Double, _ diastolic: Double?, signed: Bool) -> String {
        let first = signed ? signedAmount(value) : amount(value)
        guard let diastolic else { return first }
        return first + "/" + (signed ? signedAmount(diastolic) : amount(diastolic))
    }

    /// `+0.4`, `-15.0`, and `0.0` for a change that rounds to nothing.
    private func signedAmount(_ value: Double) -> String {
        let text = amount(abs(value))
        guard text.contains(where: { $0 != "0" && $0.isNumber }) else { return text }
        return (value < 0 ? "-" : "+") + text
    }

    /// With the decimals the unit needs: two for mmol/L and a plain number, else one.
    private func amount(_ value: Double) -> String {
        let decimals = effect.unit == "mmol/L" || effect.kind == .number ? 2 : 1
        return formats.decimal(FixedDecimal.text(value, decimals: decimals))
    }

    private func percentage(_ value: Double, decimals: Int) -> Translatable {
        // TRANSLATORS: a percentage; %1$s is the number (12.5). German and French write "%1$s %%" (12,5 %).
        Translatable("%1$s%%", formats.decimal(FixedDecimal.text(value, decimals: decimals)))
    }

    /// ` mmHg`, ` °C`, `%`; nothing for a 0–10 scale or a number without a unit.
    private var unitSuffix: String {
        switch effect.unit {
        case "", "/10": ""
        case "C": " °C"
        case "F": " °F"
        case "%": " %"
        default: " " + effect.unit
        }
    }
}
