import MeddCommandLine
import MeddTerminal
import Testing
@testable import medctl

/// Columns of wide characters: tables line up, and help wraps Chinese text (which has no spaces)
/// within 80 columns.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("metformin", 9), ("Grüße", 5), ("e\u{301}", 1), ("日本語", 6), ("💊 2", 4), ("☀️", 2), ("ＡＢ", 4),
        ("\u{1B}[32mtaken\u{1B}[0m", 5), ("한국", 4), ("↵", 1), ("", 0),
    ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func prefixesAndPadding() {
        #expect(DisplayWidth.prefix("星期一", columns: 2) == "星")
        #expect(DisplayWidth.prefix("星期一", columns: 3) == "星")
        #expect(DisplayWidth.prefix("Mon", columns: 2) == "Mo")
        #expect(DisplayWidth.padded("日", to: 3) == "日 ")
        #expect(DisplayWidth.rightAligned("日", to: 3) == " 日")
    }

    @Test func tablesAlignWideCells() {
        let lines = TextTable.lines(["药品", "STATE"], [["二甲双胍", "已服用"], ["aspirin", "taken"]], style: Style(enabled: false))
        #expect(lines == ["药品      STATE", "二甲双胍  已服用", "aspirin   taken"])
    }

    /// Chinese text breaks between its characters; a line never passes the width, and nothing is lost.
    @Test func helpWrapsTextWithoutSpaces() {
        let text = String(repeating: "每个剂量都有一个标识符，", count: 8) + " --json 打印 JSON。"
        let lines = HelpText.wrap(text, width: 54)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 54 })
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        #expect(HelpText.wrap("a b c", width: 3) == ["a b", "c"])
    }

    /// No line starts with closing punctuation: `（默认：table）` never breaks before `：` or `）`.
    @Test func closingPunctuationStaysWithTheCharacterBeforeIt() {
        let text = String(repeating: "格式（默认：表格）；", count: 12)
        for width in 8...40 {
            let lines = HelpText.wrap(text, width: width)
            for line in lines.dropFirst() {
                #expect(!"，。、；：！？）」』】》〉”’".contains(line.first ?? " "), "width \(width): \(line)")
            }
            #expect(lines.joined() == text)
        }
    }
}
