import MeddControl
import MeddCore
import MeddTestSupport
import Testing
@testable import MeddReport

/// The report in the reader's language and locale: a German translator and German and American
/// formats made here by hand, so no catalog or compiled locale is needed; and the C locale's English,
/// which must stay what the report always wrote.
@Suite struct ReportLanguageTests {
    /// A few of the report's messages in German, with German's plural rule.
    enum GermanTranslator {
        static let messages = [
            "en": "de",
            "Medication report": "Medikationsbericht",
            "Summary": "Zusammenfassung",
            "Day by day": "Tag für Tag",
            "Skipped and missed doses": "Ausgelassene und versäumte Dosen",
            "Medication": "Medikament",
            "Schedule": "Einnahmeplan",
            "On time": "Pünktlich",
            "Due": "Fällig",
            "skipped": "ausgelassen",
            "missed": "versäumt",
            "all on time": "alle pünktlich",
            "%1$s%%": "%1$s %%",
            "%1$s to %2$s": "%1$s bis %2$s",
            "%1$d %2$s": "%1$d. %2$s",
            "Counted from %1$d on %2$s.": "Gezählt ab %1$d am %2$s.",
        ]
        static let plurals = [
            "%1$s to %2$s (%3$d day)": ["%1$s bis %2$s (%3$d Tag)", "%1$s bis %2$s (%3$d Tage)"],
            "%1$s: %2$d day": ["%1$s: %2$d Tag", "%1$s: %2$d Tage"],
            "%1$s of the %2$d dose due was taken: %3$d on time, %4$d late; %5$d skipped, %6$d missed.": [
                "Von %2$d fälligen Dosis wurde %1$s eingenommen: pünktlich %3$d, verspätet %4$d; ausgelassen %5$d, versäumt %6$d.",
                "Von %2$d fälligen Dosen wurden %1$s eingenommen: pünktlich %3$d, verspätet %4$d; ausgelassen %5$d, versäumt %6$d.",
            ],
        ]

        static let translator = TestTranslator(messages: messages, plurals: plurals)
    }

    static let german = ReportText(translator: GermanTranslator.translator, formats: TestLocaleFormats.german)

    /// en_US: English words, weeks from Sunday, 12-hour times.
    static let american: ReportText = {
        var formats = LocaleFormats.technical
        formats.timePattern = "%I:%M %p"
        formats.datePattern = "%m/%d/%Y"
        formats.firstWeekday = .sun
        return ReportText(translator: EnglishTranslator(), formats: formats)
    }()

    static let report = Report(ReportFixture.input())

    static func headings(_ blocks: [ReportDocument.Block]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .heading(let text, _): [text]
            case .group(let blocks): headings(blocks)
            default: []
            }
        }
    }

    static func paragraphs(_ blocks: [ReportDocument.Block]) -> [[ReportDocument.Span]] {
        blocks.flatMap { block -> [[ReportDocument.Span]] in
            switch block {
            case .paragraph(let spans, _): [spans]
            case .group(let blocks): paragraphs(blocks)
            default: []
            }
        }
    }

    static func tables(_ blocks: [ReportDocument.Block]) -> [ReportDocument.Table] {
        blocks.compactMap { if case .table(let table) = $0 { table } else { nil } }
    }

    static func texts(_ figure: Figure) -> [(text: String, at: Figure.Point)] {
        figure.marks.compactMap { if case .text(let text, let at, _, _, _, _) = $0 { (text, at) } else { nil } }
    }

    /// Headings, the title, table headers and the HTML's language are the translation's.
    @Test func headingsTitleAndLanguageAreTranslated() {
        let document = Self.report.document(in: Self.german)
        let headings = Self.headings(document.blocks)
        #expect(headings.prefix(3) == ["Medikationsbericht", "Zusammenfassung", "Tag für Tag"])
        #expect(headings.contains("Ausgelassene und versäumte Dosen"))
        #expect(document.title == "Medikationsbericht — Anna Example — 19.10.2026 bis 25.10.2026")
        #expect(document.language == "de")
        let html = HTMLReport.render(document, generator: Self.report.generator)
        #expect(html.contains("<html lang=\"de\">"))
        #expect(html.contains("<title>Medikationsbericht — Anna Example — 19.10.2026 bis 25.10.2026</title>"))
        #expect(html.contains("<th>Medikament</th><th>Einnahmeplan</th><th class=\"num\">Pünktlich</th>"))
        #expect(Self.tables(document.blocks)[1].rows.map { $0[2].text } == ["ausgelassen", "versäumt"])
    }

    /// A percentage has the locale's decimal separator and the translation's sign: `12,5 %`.
    @Test func percentagesInTheLocalesWay() {
        let eighth = AdherenceCounts(onTime: 1, skipped: 7)
        #expect(Self.german.percentage(eighth) == "12,5 %")
        #expect(ReportText.english.percentage(eighth) == "12.5%")
        #expect(Self.german.percentage(AdherenceCounts()) == "–")
        let document = Self.report.document(in: Self.german)
        #expect(Self.tables(document.blocks)[0].rows.map { $0[6].text } == ["60,0 %", "100,0 %", "66,7 %"])
        // The percentage stays bold where the German sentence puts it, in its middle.
        let sentence = Self.paragraphs(document.blocks).first { $0.first?.text.hasPrefix("Von ") == true }
        #expect(sentence?.map(\.text) == ["Von 6 fälligen Dosen wurden ", "66,7 %",
                                          " eingenommen: pünktlich 2, verspätet 2; ausgelassen 1, versäumt 1."])
        #expect(sentence?.map(\.bold) == [false, true, false])
    }

    /// Dates and times in sentences and tables are the locale's.
    @Test func datesAndTimesInTheLocalesFormats() {
        let document = Self.report.document(in: Self.german)
        let paragraphs = Self.paragraphs(document.blocks).map { $0.map(\.text).joined() }
        #expect(paragraphs.contains("19.10.2026 bis 25.10.2026 (7 Tage)"))
        #expect(paragraphs.contains {
            $0.hasPrefix("Doses due from 19.10.2026 00:00 to 26.10.2026 00:00, local time. Made 26.10.2026 09:30")
        })
        #expect(paragraphs.contains { $0.hasSuffix(" Gezählt ab 60 am 01.10.2026.") })
        #expect(Self.tables(document.blocks)[1].rows.map { $0[0].text } == ["20.10.2026 08:00", "20.10.2026 20:00"])
        #expect(DayTicks(firstDay: LocalDate(parsing: "2026-08-24")!, dayCount: 91, text: Self.german).ticks.map(\.label).prefix(3)
            == ["1. Sep", "15. Sep", "1. Okt"])
        #expect(Self.american.dateTime("2026-10-19 20:00") == "10/19/2026 08:00 PM")
        #expect(Self.american.dateTime("not a time") == "not a time")
    }

    /// German's calendar: weeks from Monday, German weekday abbreviations, the month's name over its
    /// columns, a translated legend with German's plural.
    @Test func germanCalendarStartsOnMonday() {
        let figures = CalendarChart(days: Self.report.calendar, width: 510, text: Self.german).figures
        let texts = Self.texts(figures[0])
        #expect(texts.prefix(7).map(\.text) == ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"])
        #expect(texts[7].text == "Oktober 2026")
        let monday = texts.first { $0.text == "19" }!.at
        let sunday = texts.first { $0.text == "25" }!.at
        #expect(sunday.x == monday.x && sunday.y > monday.y)  // one column, Sunday its last row
        let legend = Self.texts(figures[1]).map(\.text)
        #expect(legend.contains("alle pünktlich: 1 Tag"))
        #expect(legend.contains("none answered: 3 Tage"))  // untranslated meaning, translated plural
    }

    /// A locale whose weeks start on Sunday: Sunday is the first row, and a Sunday starts a column.
    @Test func americanCalendarStartsOnSunday() {
        let figures = CalendarChart(days: Self.report.calendar, width: 510, text: Self.american).figures
        let texts = Self.texts(figures[0])
        #expect(texts.prefix(7).map(\.text) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        let monday = texts.first { $0.text == "19" }!.at
        let sunday = texts.first { $0.text == "25" }!.at
        #expect(sunday.x > monday.x && sunday.y < monday.y)  // the next week's column, its first row
        #expect(DayTicks(firstDay: LocalDate(parsing: "2026-10-19")!, dayCount: 14, text: Self.american).ticks.map(\.label)
            == ["25 Oct", "1 Nov"])
    }

    /// Under the C locale, in English: the words, dates and numbers the report always had.
    @Test func theCLocaleWritesWhatItAlwaysDid() {
        let document = Self.report.document(in: .english)
        #expect(document.title == "Medication report — Anna Example — 19 Oct 2026 to 25 Oct 2026")
        #expect(document.language == "en")
        let paragraphs = Self.paragraphs(document.blocks).map { $0.map(\.text).joined() }
        #expect(paragraphs.contains("19 October 2026 to 25 October 2026 (7 days)"))
        #expect(paragraphs.contains("Doses due from 2026-10-19 00:00 to 2026-10-26 00:00, local time. "
            + "Made 2026-10-26 09:30 by medd 0.0.0 from medd's ledger."))
        #expect(paragraphs.contains("66.7% of the 6 doses due were taken: 2 on time, 2 late; 1 skipped, 1 missed."))
        #expect(paragraphs.contains("Stock: 40 units left (refill at 10). On schedule: down to 10 with the dose due 2026-11-09 08:00; "
            + "none left for the dose due 2026-11-14 20:00. Counted from 60 on 2026-10-01."))
        #expect(paragraphs.contains("Taken doses: the median 59 min after due, the latest 1 h after due."))
        let figures = CalendarChart(days: Self.report.calendar, width: 510, text: .english).figures
        #expect(Self.texts(figures[0]).prefix(8).map(\.text) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Oct 2026"])
        #expect(HTMLReport.render(document, generator: "medd").contains("<html lang=\"en\">"))
    }

    /// A label is grey and its value is not, as the translation arranges them; the stock's count stays bold.
    @Test func labelsAreGreyAndValuesAreNot() {
        let paragraphs = Self.paragraphs(Self.report.document(in: .english).blocks)
        let about = paragraphs.first { $0.first?.text == "Schedule: " }
        #expect(about?.prefix(4).map(\.text) == ["Schedule: ", "08:00, 20:00", "  ·  ", "For: "])
        #expect(about?.prefix(4).map(\.color) == [Palette.muted, nil, Palette.muted, Palette.muted])
        let stock = paragraphs.first { $0.first?.text == "Stock: " }
        #expect(stock?.count == 3 && stock?.prefix(2).map(\.text) == ["Stock: ", "40 units left"])
        #expect(stock?.last?.text.hasPrefix(" (refill at 10). On schedule: ") == true)
        #expect(stock?.prefix(3).map(\.bold) == [false, true, false] && stock?.first?.color == Palette.muted)
    }

    /// A message's bold argument is found wherever the translation moves it; text the translation
    /// leaves out of it is not made up.
    @Test func spansFollowTheTranslation() {
        struct Reordering: Translator {
            func translate(_ messageID: String) -> String { "[%2$s] %1$s%%" }
            func translate(_ singular: String, _ plural: String, count: Int) -> String { singular }
        }
        let text = ReportText(translator: Reordering(), formats: .technical)
        let spans = text.spans(Translatable("%1$s of %2$s", "A", "B"), bold: [2])
        #expect(spans == [ReportDocument.Span("["), ReportDocument.Span("B", bold: true), ReportDocument.Span("] A%")])
    }

    /// Journal sources and due times are worded when the document is built; the JSON keeps what they are.
    @Test func journalSourceAndDueTimes() throws {
        var input = ReportFixture.input()
        input.source = .journalFiles(["/a/system.journal", "/b/user-1000.journal"])
        input.medications[1].schedule = nil
        input.medications[1].dueTimes = [WallTime(hour: 8, minute: 0)!, WallTime(hour: 20, minute: 30)!]
        let report = Report(input)
        #expect(try Report(jsonBytes: report.json.serialized) == report)
        #expect(report.json["source"] == .object(["kind": .string("journalFiles"),
                                                  "paths": .array([.string("/a/system.journal"), .string("/b/user-1000.journal")])]))
        #expect(report.json["medications"]?.arrayValue?[1]["dueTimes"] == .array([.string("08:00"), .string("20:30")]))
        let english = Self.paragraphs(report.document(in: .english).blocks).map { $0.map(\.text).joined() }
        #expect(english.contains { $0.hasSuffix("from the journal files /a/system.journal, /b/user-1000.journal.") })
        #expect(Self.tables(report.document(in: .english).blocks)[0].rows[1][1].text == "due at 08:00, 20:30")
        #expect(Self.tables(report.document(in: Self.american).blocks)[0].rows[1][1].text == "due at 08:00 AM, 08:30 PM")
        var many = input
        many.medications[1].dueTimes = (0..<7).map { WallTime(hour: $0, minute: 0)! }
        #expect(Self.tables(Report(many).document(in: .english).blocks)[0].rows[1][1].text == "due at 7 times of day")
    }
}
