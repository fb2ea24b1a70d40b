import Foundation
import MeddStore
import Testing
@testable import MeddCore
@testable import MeddDaemon
import MeddTestSupport

/// The effect runner's commit path: one transaction, then the consequences in a fixed order.
@Suite struct EffectRunnerTests {
    static let berlin = SystemZone.named("Europe/Berlin")

    /// `08:00` on 2026-11-22 in Berlin.
    static func at(_ time: String) -> Instant {
        Instant(iso8601: "2026-11-22T\(time)+01:00")!
    }

    /// Metformin at 08:00 and 20:00, levothyroxine at 08:00; a hook on taken and fired doses, one on skipped ones.
    static let configuration = Configuration(settings: Settings(), medications: [
        Medication(id: "metformin", name: "Metformin", dose: "500 mg",
                   schedule: .times([WallTime(parsing: "08:00")!, WallTime(parsing: "20:00")!], DayFilter())),
        Medication(id: "levothyroxine", name: "Levothyroxine", dose: "50 µg",
                   schedule: .times([WallTime(parsing: "08:00")!], DayFilter())),
    ], hooks: [Hook(on: [.taken, .fired], exec: ["/bin/true"]), Hook(on: [.skipped], exec: ["/bin/false", "skipped"])])

    let ledger = InMemoryLedger()
    let outlets: RecordingOutlets
    let runner: EffectRunner

    init() {
        outlets = RecordingOutlets(now: Self.at("07:00:00"))
        runner = EffectRunner(book: DoseBook(configuration: Self.configuration, localZone: Self.berlin),
                              ledger: ledger, outlets: outlets)
        outlets.watch(ledger)
    }

    /// Answers the way the control socket does: acknowledgements are recorded as steps.
    @discardableResult
    func take(_ target: String, at time: String) -> EffectRunner.Refusal? {
        outlets.clock = Self.at(time)
        let now = outlets.clock
        return runner.answer(to: target, at: now, { $0.take(target, source: .cli, now: now) }) { [outlets] outcome, failure in
            outlets.record(.acknowledge(outcome.record.id.description, failed: failure != nil))
        }
    }

    func advance(to time: String) {
        outlets.clock = Self.at(time)
        runner.advance(to: outlets.clock)
    }

    /// A ledger failure while answers wait for the group commit and a dose comes due: no dose fires
    /// twice, and the ledger and the book agree afterwards. (An answer commit nested inside the
    /// advance's commit used to rebuild the book and then write the advance's events anyway.)
    @Test func aFailedCommitWithWaitingAnswersFiresNoDoseTwice() throws {
        advance(to: "07:59:00")
        #expect(take("metformin", at: "07:59:30") == nil)  // early: waits for the group commit
        ledger.failingCommits = 1
        advance(to: "08:00:00")  // levothyroxine comes due in the same pass, before the group commit ran
        advance(to: "08:00:05")  // the retry after the failure
        runner.commitWaitingAnswers()
        advance(to: "08:00:10")
        #expect(ledger.events(.fired, of: "levothyroxine_20261122_08_00").count == 1)
        #expect(outlets.journaledCount(.fired, "levothyroxine_20261122_08_00") == 1)
        var replayed = DoseBook(configuration: Self.configuration, localZone: Self.berlin)
        try ledger.restore(into: &replayed, now: outlets.clock)
        #expect(replayed.records == runner.book.records)
    }

    /// A commit's consequences leave in one order: ledger, acknowledgement, desktop, journal, hooks,
    /// watchers, `STATUS=`, and the wake-up last.
    @Test func consequencesLeaveInTheirOrderWithTheWakeUpLast() {
        advance(to: "07:59:00")
        take("metformin", at: "07:59:30")
        outlets.forgetSteps()
        advance(to: "08:00:00")
        let levothyroxine = "levothyroxine_20261122_08_00"
        #expect(outlets.steps == [
            .commit(["taken metformin_20261122_08_00", "fired \(levothyroxine)"]),
            .acknowledge("metformin_20261122_08_00", failed: false),
            .desktop(["alert \(levothyroxine)"]),
            .journal(["taken metformin_20261122_08_00", "fired \(levothyroxine)"]),
            .hooks(["taken metformin_20261122_08_00", "fired \(levothyroxine)"]),
            .watchers(["taken metformin_20261122_08_00", "fired \(levothyroxine)"]),
            .status,
            .wakeUp(runner.book.nextWakeUp(after: Self.at("08:00:00"))),
        ])
    }

    /// The hook runs an event calls for are in the ledger from the transaction that holds the event, each
    /// with an ID of its own; a refused transaction keeps none.
    @Test func hookRunsAreCommittedWithTheirEvents() throws {
        advance(to: "07:59:00")
        take("metformin", at: "07:59:30")
        ledger.failingCommits = 1
        advance(to: "08:00:00")
        #expect(ledger.hookRuns.isEmpty)
        advance(to: "08:00:05")  // the retry: the answer was refused, so both doses fire
        take("metformin", at: "08:01:00")
        outlets.forgetSteps()
        runner.commitWaitingAnswers()
        let runs = ledger.hookRuns
        #expect(runs.map { "\($0.event.kind.rawValue) \($0.event.dose.id)" }
                == ["fired levothyroxine_20261122_08_00", "fired metformin_20261122_08_00", "taken metformin_20261122_08_00"])
        #expect(runs.allSatisfy { $0.hook.exec == ["/bin/true"] && $0.attempts == 0 && $0.id.count == 32 })
        #expect(Set(runs.map(\.id)).count == runs.count)
        for run in runs { #expect(ledger.events.contains { $0.event == run.event }) }
        #expect(outlets.steps.contains(.hooks(["taken metformin_20261122_08_00"])))
    }

    /// When the ledger refuses, nothing is acknowledged, shown or journaled, the book is what the
    /// ledger holds, and the answer is refused.
    @Test func aRefusedCommitShowsNothingAndRefusesTheAnswer() throws {
        advance(to: "08:00:00")
        let before = runner.book.records
        take("metformin", at: "08:01:00")
        ledger.failingCommits = 1
        outlets.forgetSteps()
        runner.commitWaitingAnswers()
        #expect(outlets.steps == [
            .commit(["taken metformin_20261122_08_00"]),
            .ledgerFailed,
            .acknowledge("metformin_20261122_08_00", failed: true),
        ])
        #expect(runner.book.records == before)
        #expect(runner.book.records[DoseID(parsing: "metformin_20261122_08_00")!]?.state == .pending)
    }

    /// Answers accepted in one loop pass go to the ledger in one transaction, in the order the book
    /// took them, before anything decided after them.
    @Test func theGroupCommitKeepsTheOrderTheBookTookAnswersIn() {
        advance(to: "08:00:00")
        take("levothyroxine", at: "08:01:00")
        take("metformin", at: "08:01:00")
        outlets.forgetSteps()
        runner.commitWaitingAnswers()
        #expect(outlets.steps.first == .commit(["taken levothyroxine_20261122_08_00", "taken metformin_20261122_08_00"]))
        #expect(ledger.commits == 2)
    }

    /// Time passing with nothing to record still saves the watermark (an empty transaction), so a
    /// crash afterwards knows what was dealt with; a group commit with no answers writes nothing.
    @Test func advancingSavesTheStateEvenWithoutEvents() {
        advance(to: "07:00:00")
        #expect(outlets.steps.contains(.commit([])))
        outlets.forgetSteps()
        runner.commitWaitingAnswers()
        #expect(outlets.steps.isEmpty)
    }

    /// An answer that changes nothing (taken twice) re-arms nothing: the timer keeps its instant.
    @Test func anAnswerWithoutEffectsLeavesTheWakeUpAlone() {
        advance(to: "08:00:00")
        take("metformin_20261122_08_00", at: "08:01:00")
        runner.commitWaitingAnswers()
        take("metformin_20261122_08_00", at: "08:02:00")
        outlets.forgetSteps()
        runner.commitWaitingAnswers()
        #expect(!outlets.steps.contains { if case .wakeUp = $0 { true } else { false } })
    }
}
