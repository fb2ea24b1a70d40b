import MeddControl
import MeddCore
import Testing
@testable import MeddDaemon

/// `Refill` over the control socket: refused at once with the error that says why, or recorded with the group
/// commit as an answer is.
@Suite struct RefillCallTests {
    let harness: ControlCallsHarness
    static let now = Instant(seconds: 1_795_334_580)  // 2026-11-22T08:03:00+01:00

    init() throws {
        var metformin = Medication(id: "metformin", name: "Metformin", dose: "500 mg", schedule: .times([WallTime(hour: 8, minute: 0)!], DayFilter()))
        metformin.stock = 2
        metformin.perDose = Quantity(thousandths: 500)
        let vitamin = Medication(id: "vitamin", name: "Vitamin D", dose: "1", schedule: .times([WallTime(hour: 9, minute: 0)!], DayFilter()))
        harness = try ControlCallsHarness(configuration: Configuration(medications: [metformin, vitamin]), localZone: .utc, now: Self.now, events: [])
        harness.runner.change(at: Self.now) { book in
            book.syncStock(now: Self.now)
            return []
        }
    }

    private func refill(_ parameters: String) throws -> ControlConnection.Response {
        try harness.respond(to: #"{"method":"io.medd.Control.Refill","parameters":\#(parameters)}"#)
    }

    private func error(_ parameters: String) throws -> JSONValue {
        guard case .reply(let bytes) = try refill(parameters) else {
            Issue.record("not one reply")
            return .null
        }
        return try JSONParser.parse(Array(bytes.dropLast()))
    }

    @Test func aRefillIsRecordedWithTheGroupCommit() throws {
        guard case .deferred = try refill(#"{"medication":"metformin","amount":"30.5","note":"pharmacy"}"#) else {
            Issue.record("a refill waits for the commit")
            return
        }
        #expect(harness.runner.book.stock["metformin"]?.level.description == "32.5")
        harness.runner.commitWaitingAnswers()
        let refills = harness.ledger.events.map(\.event).filter { $0.kind == .refilled }
        #expect(refills.map(\.refill) == [Refill(amount: Quantity(thousandths: 30_500), stock: Quantity(thousandths: 32_500))])
        #expect(refills.first?.note == "pharmacy" && refills.first?.source == .cli)
    }

    @Test func refusalsAreRepliedAtOnce() throws {
        let amount = try error(#"{"medication":"metformin","amount":"-3"}"#)
        #expect(amount["error"] == .string("io.medd.Control.InvalidRefill"))
        #expect(amount["parameters"]?["medication"] == .string("metformin"))
        #expect(amount["parameters"]?["message"]?.stringValue?.hasPrefix("the amount must be more than 0, not -3") == true)
        let noStock = try error(#"{"medication":"vitamin","amount":"30"}"#)
        #expect(noStock["error"] == .string("io.medd.Control.InvalidRefill"))
        let unknown = try error(#"{"medication":"aspirin","amount":"30"}"#)
        #expect(unknown["error"] == .string("io.medd.Control.NoSuchMedication"))
        #expect(unknown["parameters"]?["medication"] == .string("aspirin"))
        #expect(throws: VarlinkDecodeError.invalidParameter("amount")) { try refill(#"{"medication":"metformin"}"#) }
        #expect(throws: VarlinkDecodeError.invalidParameter("amount"), "the amount is text, to stay exact") {
            try refill(#"{"medication":"metformin","amount":30}"#)
        }
        #expect(harness.runner.book.stock["metformin"]?.level == 2)
        #expect(harness.ledger.events.isEmpty)
    }
}
