import MeddCore
import MeddTestSupport
import MeddTerminal
import Testing
@testable import medctl

/// Times, dates and percentages as the locale writes them; the C locale's are what medctl always
/// printed (ISO 8601 dates, 24-hour times, a decimal point).
@Suite struct LocaleTimesTests {
    private let day = LocalDate(year: 2026, month: 11, day: 22)!

    /// 08:00:01 local time on 2026-11-22.
    private var morning: Instant {
        Instant(usec: LocalTimeText.rules.resolve(day, WallTime(hour: 8, minute: 0)!).instant.usec + 1_000_000)
    }

    @Test func theCLocaleKeepsISODatesAnd24HourTimes() {
        #expect(LocalTimeText.dateTime(morning) == "2026-11-22 08:00")
        #expect(LocalTimeText.precise(morning) == "2026-11-22 08:00:01")
        #expect(LocalTimeText.short(morning, today: day) == "08:00")
        #expect(LocalTimeText.short(morning, today: day.adding(days: 1)) == "2026-11-22 08:00")
        #expect(AdherenceSummary.percentage(12.5) == "12.5%")
    }

    @Test func germanWritesTheDayFirstAndADecimalComma() {
        TestLanguage.german {
            #expect(LocalTimeText.dateTime(morning) == "22.11.2026 08:00")
            #expect(LocalTimeText.precise(morning) == "22.11.2026 08:00:01")
            #expect(LocalTimeText.short(morning, today: day) == "08:00")
            #expect(LocalTimeText.short(morning, today: day.adding(days: 1)) == "22.11.2026 08:00")
            #expect(AdherenceSummary.percentage(12.5) == "12,5 %")
            #expect(AdherenceSummary.percentage(100) == "100,0 %")
        }
    }

    @Test func americanEnglishWritesTwelveHourTimes() {
        TestLanguage.english(formats: TestLocaleFormats.american) {
            #expect(LocalTimeText.dateTime(morning) == "11/22/2026 08:00 AM")
            #expect(LocalTimeText.precise(morning) == "11/22/2026 08:00:01 AM")
        }
    }

    /// A time written without a colon before its minutes keeps its form, to the minute.
    @Test func chineseTimesKeepTheirCharacters() {
        TestLanguage.english(formats: TestLocaleFormats.chinese) {
            #expect(LocalTimeText.dateTime(morning) == "2026年11月22日 08时00分")
            #expect(LocalTimeText.precise(morning) == "2026年11月22日 08时00分")
        }
    }

    /// The adherence table: translated headings, localized percentages, numbers still right-aligned.
    @Test func theAdherenceTableInGerman() {
        var report = AdherenceReport(total: AdherenceCounts(onTime: 7, late: 1, skipped: 0, missed: 0))
        report.medications["metformin"] = AdherenceCounts(onTime: 7, late: 1, skipped: 0, missed: 0)
        let summary = AdherenceSummary(since: morning, until: morning + .days(1), source: .ledger, report: report)
        let lines = TestLanguage.german { summary.tableLines(style: Style(enabled: false)) }
        #expect(lines == [
            "Einnahme der von 22.11.2026 08:00 bis 23.11.2026 08:00 fälligen Dosen, aus medds Buch",
            "MEDIKAMENT  PÜNKTLICH  SPÄT  AUSGELASSEN  VERSÄUMT  GENOMMEN %",
            "metformin           7     1            0         0     100,0 %",
            "GESAMT              7     1            0         0     100,0 %",
        ])
        #expect(summary.tableLines(style: Style(enabled: false))[1] == "MEDICATION  ON TIME  LATE  SKIPPED  MISSED  TAKEN %")
    }
}
