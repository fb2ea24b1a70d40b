import Foundation
import MeddCore
import PropertyBased
import Testing

/// Differential test: `CompiledCatalog` against Python's `gettext.GNUTranslations` on every catalog of
/// `po/`, compiled by msgfmt: every message, and every plural one at 42 counts (Polish's three forms,
/// French's 0 and 1, Chinese's one). And the plural rules themselves on what catalogs write.
@Suite struct CompiledCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["de", "es", "fr", "it", "nl", "pl", "pt_BR", "zh_CN"])
    func sameAsPythonGettext(language: String) throws {
        let mo = FileManager.default.temporaryDirectory.appendingPathComponent("medd-catalog-\(language)-\(getpid()).mo").path
        defer { try? FileManager.default.removeItem(atPath: mo) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("Tests/MeddCoreTests/catalog_differential.py").path,
                             Self.root.appendingPathComponent("po/\(language).po").path, mo]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let catalog = try #require(CompiledCatalog(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: mo)))))
        var singles = 0
        var plurals = 0
        var mismatches: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescape(String($0)) }
            if fields[0] == "S" {
                singles += 1
                if catalog.translate(fields[1]) != fields[2], mismatches.count < 5 { mismatches.append("\(fields[1]) → \(fields[2])") }
            } else {
                plurals += 1
                let count = Int(fields[1])!
                if catalog.translate(fields[2], fields[3], count: count) != fields[4], mismatches.count < 5 {
                    mismatches.append("\(fields[2]) (\(count)) → \(fields[4])")
                }
            }
        }
        #expect(singles > 600 && plurals > 1000, "compared \(singles) messages and \(plurals) plural lookups")
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A compiled catalog with bytes changed, cut or inserted is refused or read, never a crash; what it
    /// reads answers every lookup.
    @Test func mutatedCatalogsNeverCrash() async throws {
        let mo = FileManager.default.temporaryDirectory.appendingPathComponent("medd-catalog-fuzz-\(getpid()).mo").path
        defer { try? FileManager.default.removeItem(atPath: mo) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["msgfmt", "-o", mo, Self.root.appendingPathComponent("po/pl.po").path]
        try process.run()
        process.waitUntilExit()
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: mo)))
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max).array(of: 1...8)) { script in
            var bytes = original
            for step in script {
                let position = step % (bytes.count + 1)
                switch (step / 7) % 3 {
                case 0 where position < bytes.count: bytes[position] = UInt8(truncatingIfNeeded: step >> 11)
                case 1: bytes.removeSubrange(position..<min(bytes.count, position + (step >> 13) % 64))
                default: bytes.insert(UInt8(truncatingIfNeeded: step >> 17), at: position)
                }
            }
            if let catalog = CompiledCatalog(bytes: bytes) {
                _ = catalog.translate("Taken")
                for count in [0, 1, 2, 5, 22, -3] { _ = catalog.translate("%1$d dose", "%1$d doses", count: count) }
            }
        }
    }

    /// Random rules over C's operators parse or are refused, and a parsed one gives a form in range for any n.
    @Test func randomPluralRulesNeverCrash() async {
        let pieces = ["n", "1", "0", "10", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "?", ":", "(", ")", "!", "+", "-", "*", "/", " "]
        await propertyCheck(count: 500, input: Gen.int(in: 0..<pieces.count).array(of: 1...40)) { indices in
            let text = indices.map { pieces[$0] }.joined()
            if let rule = PluralRule(header: "nplurals=3; plural=\(text);") {
                for n: UInt in [0, 1, 2, 5, 11, 21, 100, 1_000_000, UInt.max] { #expect((0..<3).contains(rule.form(for: n))) }
            }
        }
    }

    @Test func pluralRules() throws {
        let polish = try #require(PluralRule(header: "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"))
        #expect([1, 2, 4, 5, 12, 22, 25, 112, 122].map { polish.form(for: $0) } == [0, 1, 1, 2, 2, 1, 2, 2, 1])
        let french = try #require(PluralRule(header: "nplurals=2; plural=(n > 1);"))
        #expect([0, 1, 2].map { french.form(for: $0) } == [0, 0, 1])
        #expect(PluralRule(header: "nplurals=1; plural=0;")?.form(for: 7) == 0)
        #expect(PluralRule(header: "nplurals=2; plural=(n != 1") == nil)
        #expect(PluralRule(header: "nplurals=2; plural=n ? : 1;") == nil)
        #expect(PluralRule(header: "nplurals=2; plural=" + String(repeating: "(", count: 200) + "n" + String(repeating: ")", count: 200) + ";") == nil)
        #expect(CompiledCatalog(bytes: Array("not a catalog at all, long enough".utf8)) == nil)
    }
}
