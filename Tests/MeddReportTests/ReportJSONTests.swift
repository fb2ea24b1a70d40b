import MeddControl
import MeddCore
import PropertyBased
import Testing
@testable import MeddReport

/// The report's JSON, which medd-report-pdf reads from whoever runs it: a faithful round trip, and
/// precise errors for anything else.
@Suite struct ReportJSONTests {
    static let report = Report(ReportFixture.input())
    static let bytes = report.json.serialized

    /// Decoding the encoded report gives the report back, through text too.
    @Test func roundTrip() throws {
        #expect(try Report(json: Self.report.json) == Self.report)
        #expect(try Report(jsonBytes: Self.bytes) == Self.report)
        let letter = Report(ReportFixture.input(paper: .letter))
        #expect(try Report(jsonBytes: letter.json.serialized).paper == .letter)
    }

    static func decodingError(_ change: (inout [String: JSONValue]) -> Void) -> ReportDecodingError? {
        var object = Self.report.json.objectValue!
        change(&object)
        do {
            _ = try Report(json: .object(object))
            return nil
        } catch {
            return error
        }
    }

    static func medication(_ change: @escaping (inout [String: JSONValue]) -> Void) -> (inout [String: JSONValue]) -> Void {
        { object in
            var medications = object["medications"]!.arrayValue!
            var first = medications[0].objectValue!
            change(&first)
            medications[0] = .object(first)
            object["medications"] = .array(medications)
        }
    }

    /// Each kind of fault is refused with the path to the member at fault.
    @Test func faultsNameTheirPlace() {
        #expect(Self.decodingError { $0["format"] = .integer(Report.formatVersion + 1) }?.path == "format")
        #expect(Self.decodingError { $0["paper"] = .string("a3") }?.description == #"paper: "a3" is none of a4, letter"#)
        #expect(Self.decodingError { $0["medications"] = nil }?.description == "medications: missing")
        #expect(Self.decodingError { $0["lastDay"] = .string("2026-10-26") }?.path == "calendar")
        #expect(Self.decodingError { $0["lastDay"] = .string("2226-10-26") }?.path == "lastDay")
        #expect(Self.decodingError { $0["total"] = .object(["onTime": .integer(-1), "late": .integer(0), "skipped": .integer(0),
                                                             "missed": .integer(0)]) }?.path == "total.onTime")
        #expect(Self.decodingError { $0["host"] = .string(String(repeating: "x", count: 70_000)) }?.path == "host")
        let doses = Self.medication { medication in
            var doses = medication["doses"]!.arrayValue!
            var dose = doses[1].objectValue!
            dose["outcome"] = .string("nothing")
            doses[1] = .object(dose)
            medication["doses"] = .array(doses)
        }
        #expect(Self.decodingError(doses)?.path == "medications[0].doses[1].outcome")
        let day = Self.medication { medication in
            medication["doses"] = .array([.object(["due": .string("x"), "day": .number(8), "outcome": .string("late")])])
        }
        #expect(Self.decodingError(day)?.path == "medications[0].doses[0].day")
        #expect(Self.decodingError(Self.medication { $0["status"] = .integer(1) })?.path == "medications[0].status")
        #expect(throws: ReportDecodingError.self) { try Report(jsonBytes: Array("{\"format\": 1,".utf8)) }
    }

    /// Whatever bytes come in, decoding returns a report or an error, never a crash; a report that
    /// decodes encodes to itself and renders. The inputs are the report's own bytes, each mutated by
    /// a script of byte flips, cuts and insertions.
    /// The reports mutated: the fixture's, and the same with readings and effects.
    static let samples = [bytes, Report(ReportMeasurementTests.input()).json.serialized]

    @Test func mutatedInputNeverCrashes() async {
        await propertyCheck(count: 600, input: Gen.int(in: 0...Int.max).array(of: 1...12)) { script in
            var bytes = Self.samples[script[0] % Self.samples.count]
            for step in script {
                let position = step % (bytes.count + 1)
                switch (step / 7) % 4 {
                case 0 where position < bytes.count: bytes[position] = UInt8(truncatingIfNeeded: step >> 11)
                case 1 where position < bytes.count: bytes.removeSubrange(position..<min(bytes.count, position + (step >> 13) % 40))
                case 2: bytes.insert(contentsOf: Array(Self.fragments[(step >> 9) % Self.fragments.count].utf8), at: position)
                default: bytes = Array(bytes.prefix(position))
                }
            }
            if let report = try? Report(jsonBytes: bytes) {
                #expect((try? Report(jsonBytes: report.json.serialized)) == report)
                #expect(HTMLReport.render(report.document(in: .english), generator: report.generator).hasSuffix("</html>\n"))
            }
        }
    }

    /// Pieces of JSON that make a mutation likely to stay valid but meaningless.
    static let fragments = ["0", "-1", "1e308", "null", "\"\"", "[]", "{}", "\"x\":1,", ",", "\"2026-02-30\"", "99999999999999999999",
                            "\"late\"", "\"nothing\"", "\"\\u0000\"", "true", "1.5"]

    /// Random JSON values of every shape are refused or decoded, never a crash.
    @Test func arbitraryValuesNeverCrash() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max).array(of: 1...30)) { seeds in
            var generator = SeededValues(seeds)
            _ = try? Report(json: generator.value(depth: 0))
            var object = try! Report(jsonBytes: Self.samples[seeds[0] / 7 % Self.samples.count]).json.objectValue!
            let keys = object.keys.sorted()
            object[keys[seeds[0] % keys.count]] = generator.value(depth: 1)
            if let report = try? Report(json: .object(object)) {
                _ = report.document(in: .english)
            }
        }
    }

    /// JSON values drawn from a list of numbers.
    struct SeededValues {
        var seeds: [Int]
        var index = 0

        init(_ seeds: [Int]) { self.seeds = seeds }

        mutating func next() -> Int {
            defer { index += 1 }
            return seeds[index % seeds.count] >> (index / seeds.count % 8)
        }

        mutating func value(depth: Int) -> JSONValue {
            switch next() % (depth > 3 ? 5 : 7) {
            case 0: return .null
            case 1: return .bool(next() % 2 == 0)
            case 2: return .integer(next() % 3 == 0 ? -next() : next())
            case 3: return .number(Double(next() % 100_000) / 7)
            case 4: return .string(["", "a4", "late", "2026-10-19", "medd", "<b>"][next() % 6])
            case 5: return .array((0..<next() % 4).map { _ in value(depth: depth + 1) })
            default:
                let names = ["format", "medications", "doses", "day", "outcome", "calendar", "date", "counts", "onTime", "paper"]
                var members: [String: JSONValue] = [:]
                for _ in 0..<next() % 5 { members[names[next() % names.count]] = value(depth: depth + 1) }
                return .object(members)
            }
        }
    }
}
