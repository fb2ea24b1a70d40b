import Testing
@testable import MeddReport

/// A table's columns sized by their content: no word broken while another column has room.
@Suite struct ColumnWidthsTests {
    /// Room for every text on one line: each column its natural width, the rest shared in proportion.
    @Test func roomForEverything() {
        #expect(ColumnWidths.fit(minimum: [10, 10], natural: [100, 50], into: 300) == [200, 100])
    }

    /// Too little room for every text on one line, enough for every word: each column its widest word, the
    /// rest to the columns that would wrap, by what they lack. A narrow column of one long word (a header,
    /// `Verspätet`) keeps it whole beside a wide empty one.
    @Test func everyWordWhole() {
        let widths = ColumnWidths.fit(minimum: [60, 40, 30], natural: [300, 40, 130], into: 250)
        #expect(widths[1] == 40)
        #expect(widths.indices.allSatisfy { widths[$0] >= [60, 40, 30][$0] })
        #expect(abs(widths.reduce(0, +) - 250) < 1e-9)
        #expect(widths[0] > widths[2])
    }

    /// Not even the words fit: every column shrinks alike.
    @Test func tooNarrowForTheWords() {
        #expect(ColumnWidths.fit(minimum: [100, 300], natural: [200, 400], into: 200) == [50, 150])
    }

    /// Words break at spaces, and in Chinese between the characters of a sentence, never inside a word or a
    /// number with its units: a time (`07时00分`, which broke as `07` / `时00分`) or a date stays whole.
    @Test func wordsAPieceMayNotBreakIn() {
        #expect(ColumnWidths.words("pominięta  z powodu\nwyjazdu") == ["pominięta", "z", "powodu", "wyjazdu"])
        #expect(ColumnWidths.words("2026年10月19日 07时00分") == ["2026年10月19日", "07时00分"])
        #expect(ColumnWidths.words("未在宽限期内回复") == ["未", "在", "宽", "限", "期", "内", "回", "复"])
        #expect(ColumnWidths.words("可能有效 漏服") == ["可能有效", "漏服"])
        #expect(ColumnWidths.words("漏服，医生说停一天(x)") == ["漏", "服", "，", "医", "生", "说", "停", "一", "天", "(x)"])
    }

    /// In the PDF a word joiner holds such a word together for pango; other text is left as it is.
    @Test func joinersHoldNumbersWithTheirUnits() {
        #expect(ColumnWidths.joiningWholeWords("2026年10月19日 07时00分 漏服") == "2\u{2060}0\u{2060}2\u{2060}6\u{2060}年\u{2060}1\u{2060}0\u{2060}月\u{2060}1\u{2060}9\u{2060}日 0\u{2060}7\u{2060}时\u{2060}0\u{2060}0\u{2060}分 漏服")
        #expect(ColumnWidths.joiningWholeWords("19.10.2026 07:00") == "19.10.2026 07:00")
    }
}
