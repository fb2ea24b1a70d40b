import PropertyBased
import Testing
@testable import MeddCore

/// `PositionalFormat` over random templates, as a faulty or hostile catalog could hand it: never a
/// crash, text without conversions unchanged, and every well-formed numbered conversion filled.
@Suite struct PositionalFormatPropertyTests {
    /// Templates built from the pieces that matter: percent signs, digits, `$`, `s`, `d`, other letters, and
    /// text (ASCII and not).
    static let pieces = ["%", "%%", "1", "2", "9", "0", "$", "s", "d", "x", "%1$s", "%2$d", "%s", "a b", "ä", "时", "\n"]
    static let templates = Gen.int(in: 0..<pieces.count).array(of: 0...24).map { $0.map { pieces[$0] }.joined() }
    static let arguments = Gen.int(in: 0...3).map { count in (0..<count).map { "arg\($0 + 1)" } }

    @Test func neverCrashesAndKeepsPlainText() async {
        await propertyCheck(count: 2000, input: zip(Self.templates, Self.arguments)) { template, arguments in
            let result = PositionalFormat.apply(template, arguments)
            if !template.contains("%") { #expect(result == template) }
        }
    }

    @Test func numberedConversionsTakeTheirArgument() async {
        await propertyCheck(count: 500, input: zip(Self.templates, Self.templates)) { before, after in
            let plain = { (text: String) in text.filter { $0 != "%" } }
            let result = PositionalFormat.apply(plain(before) + "%2$s" + plain(after) + "%1$d", ["one", "two"])
            #expect(result == plain(before) + "two" + plain(after) + "one")
        }
    }
}
