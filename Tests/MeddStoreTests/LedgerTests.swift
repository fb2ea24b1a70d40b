import Foundation
import Testing
@testable import MeddCore
@testable import MeddStore

/// The ledger: durable events, rebuilt state, queries, the outbox and the lock.
@Suite struct LedgerTests {
    typealias F = LedgerFixture

    /// A restarted book rebuilt from the ledger is in the same state: pending, snoozed, final, stock, watermark.
    @Test func restartRebuildsTheSameBook() throws {
        let directory = F.directory()
        var book = F.book()
        book.syncStock(now: F.start)
        do {
            let ledger = try Ledger(directory: directory)
            try ledger.commit(F.events(book.advance(to: F.start)), state: book)
            try ledger.commit(F.events(book.snooze("metformin", length: .minutes(30), source: .desktop, now: F.start + .minutes(1)).get().effects), state: book)
            try ledger.commit(F.events(book.take("pill", source: .cli, now: F.start + .minutes(2)).get().effects), state: book)
            try ledger.commit(F.events(book.take("pill", source: .cli, now: F.start + .minutes(3)).get().effects), state: book)
            try ledger.commit(F.events(book.advance(to: F.start + .hours(4))), state: book)
        }
        var rebuilt = F.book()
        try Ledger(directory: directory).restore(into: &rebuilt, now: F.start + .hours(4))
        #expect(rebuilt.records == book.records)
        #expect(rebuilt.open == book.open)
        #expect(rebuilt.snoozes == book.snoozes)
        #expect(rebuilt.stock == book.stock)
        #expect(rebuilt.watermark == book.watermark)
        #expect(rebuilt.stock["pill"]?.level == 3)
    }

    /// Each committed event is in the outbox until marked journaled, in order.
    @Test func outboxHoldsEventsUntilJournaled() throws {
        let ledger = try Ledger(directory: F.directory())
        var book = F.book()
        let fired = F.events(book.advance(to: F.start))
        let taken = F.events(try book.take("metformin", source: .cli, now: F.start).get().effects)
        let sequence = try ledger.commit(fired + taken, state: book)
        #expect(try ledger.outbox().map(\.event) == fired + taken)
        try ledger.markJournaled(Array(sequence.prefix(1)))
        #expect(try ledger.outbox().map(\.seq) == Array(sequence.dropFirst()))
    }

    /// History gives each dose's last final event, filtered by due time and medication through the index.
    @Test func historyAndAdherenceQueries() throws {
        let ledger = try Ledger(directory: F.directory())
        var book = F.book()
        try ledger.commit(F.events(book.advance(to: F.start)), state: book)
        try ledger.commit(F.events(try book.skip("metformin", source: .cli, now: F.start + .minutes(5)).get().effects), state: book)
        try ledger.commit(F.events(try book.take("metformin_20261122_08_00", source: .cli, now: F.start + .minutes(6)).get().effects), state: book)
        try ledger.commit(F.events(book.advance(to: F.start + .hours(4))), state: book)
        try ledger.commit(F.events(book.advance(to: F.start + .hours(7))), state: book)
        let history = try ledger.finalEvents()
        #expect(history.map { "\($0.dose.id) \($0.kind.rawValue)" } == ["metformin_20261122_08_00 taken", "metformin_20261122_12_00 missed"])
        #expect(try ledger.finalEvents(since: F.start + .hours(1)).count == 1)
        #expect(try ledger.finalEvents(medication: "pill").isEmpty)
        #expect(try ledger.adherence().total == AdherenceCounts(onTime: 1, missed: 1))
        let plan = try ledger.explain("SELECT * FROM dose WHERE medication = 'metformin' AND scheduled_usec >= 0")
        #expect(plan.contains("dose_medication_scheduled"))
    }

    /// History read a page at a time gives what one read gives, in the same order, each page through the
    /// (due, ID) index without sorting what is left.
    @Test func historyInPages() throws {
        let ledger = try Ledger(directory: F.directory())
        var book = F.book()
        for hour in 0..<72 { try ledger.commit(F.events(book.advance(to: F.start + .hours(Int64(hour)))), state: book) }
        let whole = try ledger.finalEvents()
        #expect(whole.count > 5)
        let since = whole[2].dose.scheduled
        let fromSince = try ledger.finalEvents(since: since)
        #expect(fromSince.count < whole.count && fromSince.first?.dose.scheduled == since)
        for size in [1, 2, 3, whole.count, whole.count + 1] {
            for (start, expected) in [(nil, whole), (since, fromSince)] {
                var pages: [DoseEvent] = []
                for _ in 0...whole.count {
                    let page = try ledger.finalEvents(since: start, after: pages.last.map { ($0.dose.scheduled, $0.dose.id) }, limit: size)
                    pages += page
                    if page.count < size { break }
                }
                #expect(pages == expected, "pages of \(size) since \(String(describing: start))")
            }
        }
        let plan = try ledger.explain("""
            SELECT * FROM dose d WHERE d.final_seq IS NOT NULL AND d.scheduled_usec >= 0 AND (d.scheduled_usec > 0 OR d.id > 'x')
            ORDER BY d.scheduled_usec, d.id LIMIT 10
            """)
        #expect(plan.contains("dose_scheduled_id") && !plan.contains("TEMP B-TREE"), "\(plan)")
    }

    /// A second opener of the same state directory is refused with the holder's PID.
    @Test func secondOpenerIsLockedOut() throws {
        let directory = F.directory()
        let first = try Ledger(directory: directory)
        #expect(throws: LedgerError.self) { try Ledger(directory: directory) }
        do {
            _ = try Ledger(directory: directory)
        } catch {
            #expect(error.code == .locked)
            #expect(error.message.contains("pid \(getpid())"))
        }
        _ = first
    }

    /// While another process holds the state directory, opening it names that process's PID.
    @Test func lockHeldByAnotherProcessNamesIt() throws {
        let directory = F.directory()
        let probe = Process()
        probe.executableURL = F.tool("ledger-probe")
        probe.arguments = [directory, "100000"]
        let log = directory + "/probe.out"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        probe.standardOutput = FileHandle(forWritingAtPath: log)
        try probe.run()
        defer {
            kill(probe.processIdentifier, SIGKILL)
            probe.waitUntilExit()
        }
        // Its first acknowledgement means it holds the lock.
        for _ in 0..<250 where (FileManager.default.contents(atPath: log)?.count ?? 0) == 0 {
            Thread.sleep(forTimeInterval: 0.02)
        }
        var lockError: LedgerError?
        do { _ = try Ledger(directory: directory) } catch { lockError = error }
        let error = try #require(lockError, "the probe never took the lock")
        #expect(error.message == "\(directory) is in use by another medd (pid \(probe.processIdentifier)); stop it first, or pass a different --state-dir")
    }
}
