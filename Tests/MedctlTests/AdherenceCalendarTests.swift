import MeddCore
import MeddTestSupport
import MeddTerminal
import Testing
@testable import medctl

/// `adherence --calendar`'s grid in other locales: the weeks start on the locale's first day, the
/// headings are its day names, the labels its month names, and the cells stay under their headings
/// when the names are wide.
@Suite struct AdherenceCalendarTests {
    /// The three weeks from Monday 2026-11-02 to Sunday 2026-11-22: taken on time on the 18th, missed on the 22nd.
    private var days: [AdherenceDay] {
        let last = LocalDate(year: 2026, month: 11, day: 22)!
        return (0..<21).map { offset in
            let date = last.adding(days: Int64(offset - 20))
            let counts = date.day == 18 ? AdherenceCounts(onTime: 1) : date.day == 22 ? AdherenceCounts(missed: 1) : AdherenceCounts()
            return AdherenceDay(date: date, counts: counts)
        }
    }

    private func grid(_ formats: LocaleFormats) -> [String] {
        CalendarGrid(days: days, style: Style(enabled: false), formats: formats).lines
    }

    /// The columns of each weekday's heading, in display columns.
    private func headingColumns(_ line: String, _ names: [String]) -> [Int] {
        var columns: [Int] = []
        var rest = Substring(line)
        var offset = 0
        for name in names {
            let range = rest.firstRange(of: name)!
            offset += DisplayWidth.of(String(rest[..<range.lowerBound]))
            columns.append(offset)
            offset += DisplayWidth.of(name)
            rest = rest[range.upperBound...]
        }
        return columns
    }

    /// The cell of the row's `column`th display column, `columns` wide.
    private func cell(_ line: String, at column: Int, columns: Int = 2) -> String {
        var width = 0
        var result = ""
        for character in line {
            if width >= column && width < column + columns { result.append(character) }
            width += DisplayWidth.of(character)
        }
        return result
    }

    /// The C locale's names have three letters, and so have its cells.
    @Test func theCLocaleGrid() {
        let lines = grid(.technical)
        #expect(lines[0] == "              Mon Tue Wed Thu Fri Sat Sun")
        #expect(lines[1] == "2026 Nov  2   ··· ··· ··· ··· ··· ··· ···")
        #expect(lines[3] == "         16   ··· ··· ███ ··· ··· ··· ░░░")
        #expect(lines.last == "██ all on time  ▓▓ some late  ▒▒ some skipped  ░░ some missed  ·· none answered")
    }

    @Test func germanDaysMonthsAndLegend() {
        let lines = TestLanguage.german { grid(TestLocaleFormats.german) }
        #expect(lines[0] == "              Mo Di Mi Do Fr Sa So")
        #expect(lines[1] == "2026 Nov  2   ·· ·· ·· ·· ·· ·· ··")
        #expect(lines.last == "██ alle pünktlich  ▓▓ einige spät  ▒▒ einige ausgelassen  ░░ einige versäumt  ·· keine beantwortet")
    }

    /// In the United States weeks start on Sunday: the 22nd opens the last row.
    @Test func americanWeeksStartOnSunday() {
        let lines = grid(TestLocaleFormats.american)
        #expect(lines[0] == "              Sun Mon Tue Wed Thu Fri Sat")
        #expect(lines[1] == "2026 Nov  1       ··· ··· ··· ··· ··· ···")
        #expect(lines[4] == "         22   ░░░")
    }

    /// Month names of different widths keep the day in one column.
    @Test func frenchMonthNamesOfDifferentWidthsAlign() {
        let lastOfOctober = (0..<10).map { AdherenceDay(date: LocalDate(year: 2026, month: 10, day: 26)!.adding(days: Int64($0))) }
        let lines = CalendarGrid(days: lastOfOctober, style: Style(enabled: false), formats: TestLocaleFormats.french).lines
        #expect(lines[0] == "               lun. mar. mer. jeu. ven. sam. dim.")
        #expect(lines[1] == "2026 oct. 26   ···· ···· ···· ···· ···· ···· ····")
        #expect(lines[2] == "     nov.  2   ···· ···· ····")
    }

    /// Seen in Polish: `po wt śr cz pi so ni`, each name cut to two letters, where pl_PL's abday says `pon wto
    /// śro czw pią sob nie`. The headings are the locale's names, and each cell is as wide as they are.
    @Test func polishNamesAreTheLocalesWhole() {
        var polish = TestLocaleFormats.german
        polish.abbreviatedWeekdayNames = ["pon", "wto", "śro", "czw", "pią", "sob", "nie"]
        let lines = grid(polish)
        #expect(lines[0] == "              pon wto śro czw pią sob nie")
        let columns = headingColumns(lines[0], polish.abbreviatedWeekdayNames)
        #expect(cell(lines[3], at: columns[2], columns: 3) == "███")
        #expect(cell(lines[3], at: columns[6], columns: 3) == "░░░")
    }

    /// Wide (two-column) day names: every cell sits under its day's heading.
    @Test func chineseHeadingsStayAboveTheirCells() {
        let lines = grid(TestLocaleFormats.chinese)
        let names = TestLocaleFormats.chinese.abbreviatedWeekdayNames
        let columns = headingColumns(lines[0], names)
        // The labels are a column wider than in the C locale: 11月 takes four columns, Nov three.
        #expect(columns == [15, 18, 21, 24, 27, 30, 33])
        let week = lines[3]
        #expect(cell(week, at: columns[2]) == "██")
        #expect(cell(week, at: columns[6]) == "░░")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    }
}
