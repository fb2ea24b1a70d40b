import Testing
@testable import MeddCore
@testable import MeddStore

/// Hook runs in the ledger: recorded with their events, counted as they start, forgotten as they end,
/// and what is left found again by the next medd.
@Suite struct LedgerHookRunTests {
    typealias F = LedgerFixture

    static let sms = Hook(on: [.fired, .missed], exec: ["/usr/local/bin/text-carer", "--to", "Ånna \"mum\" ☎", ""],
                          timeout: TimeSpan(seconds: 90))
    static let log = Hook(on: [.fired], exec: ["/usr/bin/logger"])

    @Test func unfinishedRunsComeBackInOrderWithTheirProgramAndAttempts() throws {
        let directory = F.directory()
        var book = F.book()
        let fired = F.events(book.advance(to: F.start)) + F.events(book.advance(to: F.start + .hours(4)))
        try #require(fired.count >= 2)
        let runs = fired.enumerated().flatMap { index, event in
            [HookRun(id: "sms-\(index)", hook: Self.sms, event: event), HookRun(id: "log-\(index)", hook: Self.log, event: event)]
        }
        do {
            let ledger = try Ledger(directory: directory)
            try ledger.commit(fired, hookRuns: runs, state: book)
            try ledger.startHookRuns([runs[0].id, runs[1].id])
            try ledger.startHookRuns([runs[0].id])
            try ledger.endHookRuns([runs[1].id])
        }
        let found = try Ledger(directory: directory).unfinishedHookRuns()
        #expect(found.map(\.id) == runs.map(\.id).filter { $0 != runs[1].id })
        #expect(found[0].attempts == 2 && found.dropFirst().allSatisfy { $0.attempts == 0 })
        #expect(found[0].hook == Hook(on: [fired[0].kind], exec: Self.sms.exec, timeout: Self.sms.timeout))
        #expect(found.map(\.event) == runs.filter { $0.id != runs[1].id }.map(\.event))
    }

    /// A transaction the disk refuses keeps neither the events nor their runs.
    @Test func aRefusedCommitKeepsNoRun() throws {
        let ledger = try Ledger(directory: F.directory())
        var book = F.book()
        let fired = F.events(book.advance(to: F.start)) + F.events(book.advance(to: F.start + .hours(4)))
        try #require(fired.count >= 2)
        let duplicate = [HookRun(id: "same", hook: Self.log, event: fired[0]), HookRun(id: "same", hook: Self.log, event: fired[1])]
        #expect(throws: LedgerError.self) { try ledger.commit(fired, hookRuns: duplicate, state: book) }
        #expect(try ledger.unfinishedHookRuns().isEmpty)
        #expect(try ledger.allEvents().isEmpty)
    }
}
