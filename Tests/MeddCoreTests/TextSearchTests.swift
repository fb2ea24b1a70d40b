import Testing
@testable import MeddCore

/// `rangeOfText`, `containsText` and `replacingText`: what `_StringProcessing` would do, without it.
@Suite struct TextSearchTests {
    @Test func findsTheFirstOccurrence() {
        let text = "https://dav.example.org/a://b"
        let found = text.rangeOfText("://")
        #expect(found.map { String(text[..<$0.lowerBound]) } == "https")
        #expect(text.rangeOfText("nowhere") == nil)
        #expect("".rangeOfText("a") == nil)
        #expect("abc".rangeOfText("") == "abc".startIndex..<"abc".startIndex)
        #expect("ab".rangeOfText("abc") == nil)
        #expect("abc".rangeOfText("c").map { String("abc"[$0]) } == "c")
    }

    @Test func worksOnUnicodeAndSubstrings() {
        let text = "%H时%M分%S秒"
        #expect(text.containsText("%S秒"))
        #expect(text.replacingText("%S秒", with: "") == "%H时%M分")
        let tail = text.dropFirst(2)
        #expect(tail.rangeOfText("%M").map { String(tail[$0.upperBound...]) } == "分%S秒")
    }

    @Test func replacesEveryOccurrence() {
        #expect("%T and %T".replacingText("%T", with: "%H:%M:%S") == "%H:%M:%S and %H:%M:%S")
        #expect("%d/%m/%y".replacingText("%y", with: "%Y") == "%d/%m/%Y")
        #expect("aaa".replacingText("aa", with: "b") == "ba")
        #expect("x".replacingText("", with: "y") == "x")
    }
}
