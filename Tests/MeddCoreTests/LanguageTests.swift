import MeddTestSupport
import Testing
@testable import MeddCore

/// Messages in a translator's words and the locale's formats: `PositionalFormat`, `Translatable`,
/// `LocaleFormats`.
@Suite struct LanguageTests {
    /// A few German messages, with German plurals; the rest passes through.
    static let german = TestTranslator(messages: ["Due at %1$s": "Fällig um %1$s", "%1$s of %2$s": "%2$s: %1$s"],
                                       plurals: ["%1$d dose": ["%1$d Dosis", "%1$d Dosen"]])

    @Test func numberedArgumentsMayBeReordered() {
        #expect(PositionalFormat.apply("%2$s: %1$s", ["500 mg", "Metformin"]) == "Metformin: 500 mg")
        #expect(PositionalFormat.apply("%1$d Std. %2$d Min.", ["1", "30"]) == "1 Std. 30 Min.")
        #expect(PositionalFormat.apply("%s then %s", ["a", "b"]) == "a then b")
        #expect(PositionalFormat.apply("%1$s%%", ["12,5"]) == "12,5%")
        #expect(PositionalFormat.apply("no conversions", ["unused"]) == "no conversions")
    }

    /// A faulty catalog (an argument it names but was not given, an unknown conversion) never crashes.
    @Test func aFaultyTemplateIsLeftAsWritten() {
        #expect(PositionalFormat.apply("%3$s and %1$s", ["a"]) == "%3$s and a")
        #expect(PositionalFormat.apply("%x %", ["a"]) == "%x %")
        #expect(PositionalFormat.apply("%1$q", ["a"]) == "%1$q")
        #expect(PositionalFormat.apply("trailing %", []) == "trailing %")
    }

    @Test func aTranslatableIsEnglishUntilATranslatorIsAsked() {
        let message = Translatable("Due at %1$s", "08:00")
        #expect(message.english == "Due at 08:00")
        #expect(message.description == "Due at 08:00")
        #expect(message.text(using: Self.german) == "Fällig um 08:00")
        #expect(Translatable("%1$s of %2$s", "2", "Metformin").text(using: Self.german) == "Metformin: 2")
    }

    /// Plurals go to the translator with the count, which picks the form: never `count == 1` in the caller.
    @Test func pluralsAreTheTranslatorsChoice() {
        let one = Translatable.plural("%1$d dose", "%1$d doses", count: 1, "1")
        let five = Translatable.plural("%1$d dose", "%1$d doses", count: 5, "5")
        #expect(one.english == "1 dose" && five.english == "5 doses")
        #expect(one.text(using: Self.german) == "1 Dosis" && five.text(using: Self.german) == "5 Dosen")
    }

    @Test func theTechnicalFormatsAreISOAndTwentyFourHours() {
        let formats = LocaleFormats.technical
        #expect(formats.date(LocalDate(year: 2026, month: 11, day: 22)!) == "2026-11-22")
        #expect(formats.time(WallTime(hour: 8, minute: 5)!) == "08:05")
        #expect(formats.time(WallTime(hour: 20, minute: 0)!) == "20:00")
        #expect(formats.decimal("12.5") == "12.5")
        #expect(!formats.usesTwelveHourClock)
        #expect(formats.weekdaysInOrder.first == .mon)
    }

    @Test func germanWritesDaysFirstAndCommas() {
        let formats = TestLocaleFormats.german
        #expect(formats.date(LocalDate(year: 2026, month: 3, day: 1)!) == "01.03.2026")
        #expect(formats.dateTime(LocalDate(year: 2026, month: 11, day: 22)!, WallTime(hour: 20, minute: 30)!) == "22.11.2026 20:30")
        #expect(formats.decimal("12.5") == "12,5")
        #expect(formats.weekdayName(LocalDate(year: 2026, month: 11, day: 22)!.weekday) == "Sonntag")
        #expect(formats.format("%A, %e. %B %Y", date: LocalDate(year: 2026, month: 3, day: 1)!, time: nil) == "Sonntag,  1. März 2026")
    }

    @Test func americanEnglishUsesAMAndPMAndSundayFirst() {
        let formats = TestLocaleFormats.american
        #expect(formats.usesTwelveHourClock)
        #expect(formats.time(WallTime(hour: 0, minute: 5)!) == "12:05 AM")
        #expect(formats.time(WallTime(hour: 12, minute: 0)!) == "12:00 PM")
        #expect(formats.time(WallTime(hour: 20, minute: 30)!) == "08:30 PM")
        #expect(formats.date(LocalDate(year: 2026, month: 11, day: 22)!) == "11/22/2026")
        #expect(formats.weekdaysInOrder == [.sun, .mon, .tue, .wed, .thu, .fri, .sat])
    }

    /// A conversion the formatter does not know is written as it stands, not dropped.
    @Test func anUnknownConversionStays() {
        #expect(TestLocaleFormats.german.format("%Q %H", date: nil, time: WallTime(hour: 7, minute: 0)!) == "%Q 07")
    }
}
