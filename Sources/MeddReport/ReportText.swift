public import MeddCore

/// Words, numbers, dates and times as the report writes them: in a language (its `Translator`) and
/// a locale's formats (`LocaleFormats`). A report is made of locale-free data (`Report`, its JSON)
/// and put into words only when its document is built, by whichever program shows it: medctl for
/// HTML, medd-report-pdf for a PDF, each with the language it was started in (`current`).
///
/// Under the C locale (`LocaleFormats.technical`) and English it writes what the report always
/// wrote: ISO dates and 24-hour times in tables, `19 October 2026` in sentences and `Oct` over the
/// calendar's columns. Under another locale a date is the locale's date (`19.10.2026`), and the
/// calendar's columns take the month's name as a heading says it (nominative: the abbreviations of
/// some locales are the genitive).
public struct ReportText: Sendable {
    public var translator: any Translator
    public var formats: LocaleFormats

    public init(translator: any Translator, formats: LocaleFormats) {
        self.translator = translator
        self.formats = formats
    }

    /// The process's language and locale, as `PeopleLanguage.setUp()` chose them.
    public static var current: ReportText { ReportText(translator: Translation.current, formats: Translation.currentFormats) }

    /// English with the C locale's formats: what the report wrote before it spoke other languages.
    public static let english = ReportText(translator: EnglishTranslator(), formats: .technical)

    /// A message in the language.
    func callAsFunction(_ message: Translatable) -> String { message.text(using: translator) }

    /// A message as spans of text, wherever the translation puts its arguments: the translation's own
    /// words in `textColor` (nil: the paragraph's), each argument as `styled` gives it (spans of its
    /// own) or else as it is, bold when numbered in `bold` (1 for `%1$s`).
    func spans(_ message: Translatable, bold: Set<Int> = [], textColor: Color? = nil,
               styled: [Int: [ReportDocument.Span]] = [:]) -> [ReportDocument.Span] {
        let template = message.pluralMessageID.map { translator.translate(message.messageID, $0, count: message.count) }
            ?? translator.translate(message.messageID)
        // Each argument stands in as one private-use character, then the text is cut at them.
        let markers = message.arguments.indices.map { String(Character(Unicode.Scalar(Self.firstMarker + UInt32($0))!)) }
        var spans: [ReportDocument.Span] = []
        func append(_ span: ReportDocument.Span) {
            guard !span.text.isEmpty else { return }
            if let last = spans.last, last.bold == span.bold, last.color == span.color {
                spans[spans.count - 1].text += span.text
            } else {
                spans.append(span)
            }
        }
        for scalar in PositionalFormat.apply(template, markers).unicodeScalars {
            let index = Int(scalar.value) - Int(Self.firstMarker)
            if let styledSpans = styled[index + 1] {
                styledSpans.forEach(append)
            } else if message.arguments.indices.contains(index) {
                append(ReportDocument.Span(message.arguments[index], bold: bold.contains(index + 1)))
            } else {
                append(ReportDocument.Span(String(scalar), color: textColor))
            }
        }
        return spans
    }

    private static let firstMarker: UInt32 = 0xF0000

    /// The language of the translation, as a BCP 47 tag for HTML's `lang`: `en` without one.
    var languageTag: String {
        // TRANSLATORS: this translation's language as a BCP 47 tag (de, pt-BR, zh-CN), for the HTML report's lang attribute.
        self(Translatable("en"))
    }

    private var isTechnical: Bool { formats == .technical }

    // MARK: Dates and times

    /// A date in running text: `19 October 2026` (C), the locale's date (`19.10.2026`, `2026年10月19日`).
    func longDate(_ date: LocalDate) -> String {
        isTechnical ? "\(date.day) \(formats.monthNamesInDates[date.month - 1]) \(date.year)" : formats.date(date)
    }

    /// A date in the title: `19 Oct 2026` (C), the locale's date.
    func titleDate(_ date: LocalDate) -> String {
        isTechnical ? "\(date.day) \(formats.abbreviatedMonthNames[date.month - 1]) \(date.year)" : formats.date(date)
    }

    /// A day on a chart's axis: `19 Oct`.
    func dayOfMonth(_ date: LocalDate) -> String {
        // TRANSLATORS: a day on a chart's time axis: %1$d is the day of the month, %2$s the month's abbreviated name (19 Oct).
        self(Translatable("%1$d %2$s", String(date.day), formats.abbreviatedMonthNames[date.month - 1]))
    }

    /// A month on a chart's axis: `Oct`, with its year `Jan 2027`.
    func axisMonth(_ month: Int, year: Int?) -> String {
        monthAndYear(formats.abbreviatedMonthNames[month - 1], year: year)
    }

    /// A month over the calendar's columns: `Oct` (C), the month's name (`Oktober`, `październik`);
    /// with its year, `Oct 2026`.
    func calendarMonth(_ month: Int, year: Int?) -> String {
        monthAndYear(isTechnical ? formats.abbreviatedMonthNames[month - 1] : formats.monthName(month), year: year)
    }

    private func monthAndYear(_ name: String, year: Int?) -> String {
        guard let year else { return name }
        // TRANSLATORS: a month with its year, heading a calendar's columns or on a chart's axis: %1$s is the month's name, %2$d the year (Oct 2026).
        return self(Translatable("%1$s %2$d", name, String(year)))
    }

    /// The weekday's name beside a calendar's row: `Mon`.
    func calendarWeekday(_ weekday: Weekday) -> String { formats.abbreviatedWeekdayName(weekday) }

    /// A local date and time as a report's data writes it (`2026-10-19 08:00`), in the locale's formats;
    /// anything else as it stands.
    func dateTime(_ text: String) -> String {
        guard let (date, time) = Self.dateAndTime(text) else { return text }
        return formats.dateTime(date, time)
    }

    /// A local date as a report's data writes it (`2026-10-19`), in the locale's format.
    func date(_ text: String) -> String {
        LocalDate(parsing: text).map(formats.date) ?? text
    }

    /// The time of a local date and time (`2026-10-19 08:00`) in the locale's format.
    func time(of text: String) -> String {
        guard let (_, time) = Self.dateAndTime(text) else { return text }
        return formats.time(time)
    }

    /// `2026-10-19 08:00` read back.
    static func dateAndTime(_ text: String) -> (LocalDate, WallTime)? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = LocalDate(parsing: String(parts[0])), let time = WallTime(parsing: String(parts[1])) else {
            return nil
        }
        return (date, time)
    }

    // MARK: Numbers

    /// The share taken as `medctl adherence` prints it, with the locale's decimal separator:
    /// `87.5%`, `87,5 %`, or `–` when no dose counts.
    func percentage(_ counts: AdherenceCounts) -> String {
        guard let share = counts.percentage else { return "–" }
        // TRANSLATORS: a percentage: %1$s is the number (87.5, with your locale's decimal separator). German and French write a space before the sign: "%1$s %%".
        return self(Translatable("%1$s%%", formats.decimal(FixedDecimal.text(share))))
    }

    /// An amount of units with the locale's decimal separator: `27.25`, `27,25`.
    func amount(_ quantity: Quantity) -> String { quantity.formatted(decimalSeparator: formats.decimalSeparator) }

    /// `45 min`, `1 h`, `2 h 30 min` for a non-negative count of minutes.
    func duration(minutes: Int) -> String { self(DurationText.translatable(minutes: minutes)) }

    /// How a taken dose's time compares with its due time: `at the due time`, `12 min before due`,
    /// `1 h 5 min after due`.
    func lateness(minutes: Int) -> String {
        if minutes == 0 {
            // TRANSLATORS: when a dose was taken: exactly when it was due.
            return self(Translatable("at the due time"))
        }
        if minutes > 0 {
            // TRANSLATORS: when a dose was taken: %1$s is how long after its due time (12 min, 1 h 5 min).
            return self(Translatable("%1$s after due", duration(minutes: minutes)))
        }
        // TRANSLATORS: when a dose was taken: %1$s is how long before its due time (12 min, 1 h 5 min).
        return self(Translatable("%1$s before due", duration(minutes: -minutes)))
    }

    // MARK: Outcomes

    /// A dose's outcome in a table or beside a chart's strip: `skipped`.
    func outcome(_ outcome: AdherenceDay.Outcome) -> String {
        switch outcome {
        // TRANSLATORS: a dose's outcome, in a table's cell: taken no later than an hour after its due time.
        case .onTime: self(Translatable("on time"))
        // TRANSLATORS: a dose's outcome, in a table's cell: taken more than an hour after its due time.
        case .late: self(Translatable("late"))
        // TRANSLATORS: a dose's outcome, in a table's cell and beside a chart's row: answered as not taken.
        case .skipped: self(Translatable("skipped"))
        // TRANSLATORS: a dose's outcome, in a table's cell and beside a chart's row: not answered in time.
        case .missed: self(Translatable("missed"))
        case .nothing: ""  // never a dose's: its answer is final
        }
    }

    /// `3 on time, 1 late, 0 skipped, 1 missed`.
    func outcomeCounts(_ counts: AdherenceCounts) -> String {
        // TRANSLATORS: a medication's counts of doses. If your language inflects the words by number, write them as labels ("on time: %1$d").
        self(Translatable("%1$d on time, %2$d late, %3$d skipped, %4$d missed", String(counts.onTime), String(counts.late),
                          String(counts.skipped), String(counts.missed)))
    }
}
