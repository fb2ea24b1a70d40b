import Foundation
import MeddCore
import MeddTestSupport
import Testing

/// `ZoneRules(name:tzif:)`: built files of each version and shape, real zone files, and broken ones.
@Suite struct TZifParserTests {
    /// A version 1 file: 32-bit times, no footer; after the last transition its type stays.
    @Test func versionOneFile() throws {
        var file = TZifBuilder(version: 0)
        file.transitions = [1_000_000, 2_000_000]
        file.transitionTypes = [1, 0]
        file.types = [(3600, 0, 0), (7200, 1, 4)]
        file.designations = Array("CET\0CEST\0".utf8)
        let rules = try ZoneRules(name: "v1", tzif: file.bytes)
        #expect(rules.footer == nil)
        #expect(rules.types[1] == ZoneRules.LocalTimeType(offset: 7200, isDaylight: true, abbreviation: "CEST"))
        #expect(rules.offset(atSecond: 999_999) == 3600)
        #expect(rules.offset(atSecond: 1_000_000) == 7200)
        #expect(rules.offset(atSecond: 1_999_999) == 7200)
        #expect(rules.offset(atSecond: 2_000_000) == 3600)
        #expect(rules.offset(atSecond: 9_000_000_000) == 3600)
    }

    /// Version 2, 3 and 4 files: the 64-bit block, then the footer after the last transition.
    @Test(arguments: ["2", "3", "4"])
    func laterVersionsUseTheFooter(version: String) throws {
        var file = TZifBuilder(version: UInt8(ascii: Unicode.Scalar(version)!))
        file.transitions = [-5_000_000_000, 0]
        file.transitionTypes = [1, 0]
        file.types = [(3600, 0, 0), (0, 0, 4)]
        file.designations = Array("CET\0GMT\0".utf8)
        file.footer = "EST5EDT,M3.2.0,M11.1.0"
        let rules = try ZoneRules(name: "v\(version)", tzif: file.bytes)
        #expect(rules.offset(atSecond: -6_000_000_000) == 3600)
        #expect(rules.offset(atSecond: -5_000_000_000) == 0)
        // 2027-01-15 and 2027-07-15: the footer's standard and daylight time.
        #expect(rules.offset(atSecond: 1_799_971_200) == -18_000)
        #expect(rules.offset(atSecond: 1_815_696_000) == -14_400)
    }

    /// No transitions at all: the footer holds for all time.
    @Test func footerOnlyFile() throws {
        var file = TZifBuilder()
        file.types = [(36_000, 0, 0)]
        file.designations = Array("AEST\0".utf8)
        file.footer = "AEST-10AEDT,M10.1.0,M4.1.0/3"
        let rules = try ZoneRules(name: "footer", tzif: file.bytes)
        #expect(rules.transitions.isEmpty)
        #expect(rules.offset(atSecond: 1_799_971_200) == 39_600)  // January: daylight time
        #expect(rules.offset(atSecond: 1_815_696_000) == 36_000)  // July: standard time
    }

    /// An empty footer means no rule: the last type stays.
    @Test func emptyFooterKeepsTheLastType() throws {
        var file = TZifBuilder()
        file.transitions = [100]
        file.transitionTypes = [0]
        let rules = try ZoneRules(name: "empty-footer", tzif: file.bytes)
        #expect(rules.footer == nil)
        #expect(rules.offset(atSecond: 1_000_000_000) == 0)
    }

    /// Real zone files parse, equal themselves read twice, and differ from one another.
    @Test func systemFiles() throws {
        let berlin = try ZoneRules(name: "Europe/Berlin", tzif: Array(try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))))
        #expect(berlin.footer?.text == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(berlin == SystemZone.named("Europe/Berlin"))
        #expect(berlin != SystemZone.named("America/New_York"))
        #expect(berlin.offset(atSecond: 1_815_696_000) == 7200)
    }

    static func broken(_ change: (inout TZifBuilder) -> Void) -> [UInt8] {
        var file = TZifBuilder()
        file.transitions = [100, 200]
        file.transitionTypes = [0, 0]
        change(&file)
        return file.bytes
    }

    static let berlinBytes = Array(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin") ?? Data())

    /// Broken input gets the error that says what is wrong, and where.
    @Test(arguments: [
        ([], "not a TZif file"),
        (Array("hello world, this is not a zone file at all, no".utf8), "not a TZif file"),
        (Array(berlinBytes.prefix(100)), "truncated: header says 143 transitions, 9 local time types, 18 designation bytes and 0 leap seconds, but the file ends at byte 100"),
        (Array(berlinBytes.dropLast()), "the TZ string footer at byte 2270 does not end with a newline"),
        (berlinBytes + [0x41], "1 unexpected bytes after the TZ string footer at byte 2298"),
        (broken { $0.version = UInt8(ascii: "9") }, "unsupported TZif version 9"),
        (broken { $0.transitions = [200, 100] }, "transition 1 at byte 103 (100) is not after transition 0 (200)"),
        (broken { $0.transitionTypes = [0, 3] }, "transition 1 names local time type 3 at byte 112, but there are only 1"),
        (broken { $0.types = [(Int32.min, 0, 0)] }, "local time type 0 at byte 113 has the UT offset -2^31, which the format forbids"),
        (broken { $0.types = [(0, 2, 0)] }, "local time type 0 at byte 117 has a DST flag of 2; it must be 0 or 1"),
        (broken { $0.types = [(0, 0, 9)] }, "local time type 0 at byte 118 names designation byte 9, but there are only 4"),
        (broken { $0.designations = Array("UTC".utf8) }, "the designation of local time type 0 at byte 119 has no terminating NUL"),
        (broken { $0.footer = nil }, "truncated: the file ends at byte 123, where the TZ string footer should start"),
        (broken { $0.footer = "CET-1CEST,M3.5.0" }, "bad TZ string footer \"CET-1CEST,M3.5.0\" at character 17: expected \",\""),
    ] as [([UInt8], String)])
    func brokenFiles(bytes: [UInt8], message: String) {
        #expect(throws: ZoneFileError(message)) { try ZoneRules(name: "broken", tzif: bytes) }
    }
}
