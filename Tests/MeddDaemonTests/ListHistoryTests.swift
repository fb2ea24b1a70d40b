import MeddControl
import MeddCore
import MeddStore
import Systemd
import Testing
@testable import MeddDaemon

/// `ListHistory` from a ledger that fails part way: called with `more`, the replies already sent stand and
/// the last one is `StorageFailed`; without it, one error and no doses.
@Suite struct ListHistoryTests {
    let harness: ControlCallsHarness
    var ledger: InMemoryLedger { harness.ledger }
    /// More than two pages of history: one taken dose of metformin a day from 2020-01-01.
    static let doses = ControlCalls.historyPage * 2 + 500

    init() throws {
        let start = try #require(LocalDate(year: 2020, month: 1, day: 1))
        let eight = try #require(WallTime(hour: 8, minute: 0))
        let events = (0..<Self.doses).map { day in
            let id = DoseID(medication: "metformin", date: start.adding(days: Int64(day)), time: eight)
            let due = Instant(seconds: 1_577_862_000 + Int64(day) * 86_400)
            return DoseEvent(kind: .taken, dose: Dose(id: id, name: "Metformin", doseText: "500 mg", scheduled: due, utcOffset: 3600),
                             at: due + TimeSpan(seconds: 60), source: .cli)
        }
        harness = try ControlCallsHarness(configuration: EffectRunnerTests.configuration, localZone: EffectRunnerTests.berlin,
                                          now: EffectRunnerTests.at("07:00:00"), events: events)
    }

    /// Every reply the call makes, parsed.
    private func replies(more: Bool) throws -> [JSONValue] {
        let text = #"{"method":"io.medd.Control.ListHistory","parameters":{"from":"2019-12-31T00:00:00Z","to":"2040-01-01T00:00:00Z"}"#
            + (more ? #","more":true}"# : "}")
        switch try harness.respond(to: text) {
        case .reply(let bytes):
            return [try JSONParser.parse(Array(bytes.dropLast()))]
        case .stream(let next):
            var replies: [JSONValue] = []
            var pending: [UInt8] = []
            while let piece = next() { pending += piece }
            for message in pending.split(separator: 0, omittingEmptySubsequences: true) {
                replies.append(try JSONParser.parse(Array(message)))
            }
            return replies
        default:
            Issue.record("neither a reply nor a stream")
            return []
        }
    }

    private static func doseCount(_ replies: [JSONValue]) -> Int {
        replies.reduce(0) { $0 + ($1["parameters"]?["doses"]?.arrayValue?.count ?? 0) }
    }

    @Test func everyPageComesWhenTheLedgerReadsThem() throws {
        let replies = try replies(more: true)
        #expect(Self.doseCount(replies) == Self.doses)
        #expect(replies.dropLast().allSatisfy { $0["continues"] == .bool(true) })
        #expect(replies.last?["continues"] == nil && replies.last?["error"] == nil)
    }

    @Test func aPageTheLedgerCannotGiveEndsTheRepliesWithStorageFailed() throws {
        ledger.historyPagesBeforeFailure = 2
        let replies = try replies(more: true)
        #expect(replies.count > 2)
        #expect(Self.doseCount(replies) == ControlCalls.historyPage * 2, "the two pages read are sent, nothing after them")
        #expect(replies.dropLast().allSatisfy { $0["continues"] == .bool(true) && $0["error"] == nil })
        let last = try #require(replies.last)
        #expect(last["error"] == .string("io.medd.Control.StorageFailed"))
        #expect(last["parameters"]?["message"]?.stringValue?.contains("the history cannot be read") == true)
        let ids = replies.flatMap { $0["parameters"]?["doses"]?.arrayValue ?? [] }.compactMap { $0["id"]?.stringValue }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "oldest first, each once")
    }

    @Test func withoutMoreAnUnreadableFirstPageIsOneError() throws {
        ledger.historyPagesBeforeFailure = 0
        let replies = try replies(more: false)
        #expect(replies.count == 1)
        #expect(replies.first?["error"] == .string("io.medd.Control.StorageFailed"))
    }
}
