import Testing
import MeddTerminal
@testable import medctl

/// Notes in the history table stay on one line and cannot reach the terminal as control sequences.
@Suite struct HistoryTableTests {
    @Test(arguments: [
        ("plain note", "plain note"),
        ("one\ntwo\r\nthree\rfour", "one↵two↵three↵four"),
        ("tab\there", "tab here"),
        ("\u{1B}[31mred\u{1B}[0m", "\u{FFFD}[31mred\u{FFFD}[0m"),
        ("c1\u{9B}31m", "c1\u{FFFD}31m"),
        ("Grüße, \"ok\"", "Grüße, \"ok\""),
    ])
    func cell(text: String, expected: String) {
        #expect(TerminalText.cell(text) == expected)
    }
}
