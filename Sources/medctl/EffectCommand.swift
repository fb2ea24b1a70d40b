import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl effect`: whether each medication seems to change the readings it is taken for.
struct EffectCommand: Verb, RangeFlags {
    static let name = "effect"
    static var abstract: String { tr("Show whether each medication seems to change the readings it is taken for.") }
    static var discussion: String {
        tr("""
            For each medication a measurement names in its `for`, medd compares that measurement's readings in \
            [--since, --until) (default: the 90 days before now) with the doses taken: around each dose, readings \
            shortly before against those after it (blood pressure, heart rate and SpO2: up to 2 hours before, 1 to 6 \
            hours after; glucose: 1 hour before, 1 to 3 hours after; temperature: 1 hour before, 1 to 4 hours after; a \
            0-10 scale: 2 hours before, 1 to 4 hours after; weight and a plain number: none), the median change over \
            the doses with readings on both sides; and the mean of the last 14 days against the 14 days before. \
            The adherence (the share of the doses due that were taken) gates the verdict: below the mode's share it \
            is unclear, never likely ineffective.
            """) + "\n\n" + tr("""
            VERDICT is likely effective, unclear, likely ineffective or not enough data; CONFIDENCE (0-100%) blends \
            how clear the change is, the samples against those needed and the adherence, averaged over the last 20 \
            readings so that one reading moves it by at most 10 points. [settings] effect in medd.toml (conservative, \
            balanced or aggressive) sets the change that counts, the samples needed and the adherence share; the line \
            under the table says what each verdict was held to. A verdict is a signal to talk over with a doctor, not \
            medical advice.
            """) + "\n\n" + tr("""
            --json prints the daemon's Effect reply: {"since", "until", "mode", "effects"}, each effect \
            {"medication", "measurement", "kind", "unit", "verdict", "doubt", "confidence", "threshold", \
            "improvement", "perDose", "trend", "adherence"} with every number behind its verdict. WHEN is \
            YYYY-MM-DD (local midnight), HH:MM (today), a span such as 30d (that long ago) or an ISO 8601 instant.
            """)
    }

    typealias End = When
    static var startFlag: RangeFlag { RangeFlag("since", tr("Readings and doses from then (default: 90 days before --until).")) }
    static var endFlag: RangeFlag { RangeFlag("until", tr("Readings and doses before then (default: now).")) }
    static var options: [OptionSpec] { RangeOptions<EffectCommand>.options }

    let global: GlobalOptions
    let range: RangeOptions<EffectCommand>

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        range = try RangeOptions(arguments)
        try range.requireValidMedication(arguments)
        _ = try AdherenceCommand.Period(range, defaultDays: 90)
    }

    func run() throws {
        let client = try global.connect()
        var reply = try EffectReply.ask(client, range.query())
        if let person = range.person {
            let people = try PersonOption.people(client: client)
            try person.requireKnown(among: people, verb: Self.name)
            reply.effects = reply.effects.filter { people[$0.medication] == person.id }
            reply.json["effects"] = .array((reply.json["effects"]?.arrayValue ?? []).filter { people[$0["medication"]?.stringValue ?? ""] == person.id })
        }
        if global.json { return Output.json(.object(reply.json)) }
        Self.lines(reply).forEach(Output.line)
    }

    /// The title, a row per effect, what each verdict was held to, and the caution.
    static func lines(_ reply: EffectReply, style: Style = .current) -> [String] {
        // TRANSLATORS: the title of `medctl effect`: %1$s and %2$s are dates and times, %3$s the mode ([settings] effect: balanced), as typed in medd.toml.
        var lines = [tr("Effect of medications on their readings, %1$s to %2$s (effect = %3$s)", LocalTimeText.dateTime(reply.since),
                        LocalTimeText.dateTime(reply.until), reply.mode.rawValue)]
        guard !reply.effects.isEmpty else {
            lines.append(tr("no measurement names a medication: add for = [\"ID\"] to a [measurement.ID] table in medd.toml"))
            return lines
        }
        let formats = Translation.currentFormats
        let rows = reply.effects.map { effect in
            let figures = EffectFigures(effect, formats: formats)
            return [TerminalText.cell(effect.medication), TerminalText.cell(effect.measurement),
                    style.state(stateColour(effect.verdict), shownAs: figures.verdict.localized), figures.confidence.localized,
                    figures.aroundDoses.localized, figures.trend.localized, figures.adherence.localized]
        }
        lines += TextTable.lines([ColumnHeading.medication, ColumnHeading.measurement, ColumnHeading.verdict, ColumnHeading.confidence,
                                  ColumnHeading.aroundDoses, ColumnHeading.lastFortnight, ColumnHeading.adherence], rows, style: style)
        lines.append("")
        for effect in reply.effects {
            // TRANSLATORS: what a verdict was held to: %1$s a medication ID, %2$s a measurement ID, %3$s the rule.
            lines.append(tr("%1$s, %2$s: %3$s", effect.medication, effect.measurement, EffectFigures(effect, formats: formats).rule.localized))
        }
        lines.append("")
        lines.append(EffectFigures.caution.localized)
        return lines
    }

    /// The state whose colour a verdict is shown in: green for an effect, red for none, yellow for unclear.
    private static func stateColour(_ verdict: MedicationEffect.Verdict) -> String {
        switch verdict {
        case .likelyEffective: "taken"
        case .likelyIneffective: "missed"
        case .unclear: "pending"
        case .notEnoughData: "skipped"
        }
    }
}
