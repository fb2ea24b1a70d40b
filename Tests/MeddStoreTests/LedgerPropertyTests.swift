import Foundation
import PropertyBased
import Testing
@testable import MeddCore
@testable import MeddStore

/// Random event sequences, persisted as they happen, then reopened.
@Suite struct LedgerPropertyTests {
    static let targets = ["metformin", "pill", "metformin_20261122_12_00", "metformin_20261122_20_00", "metformin_20261123_08_00"]

    /// The book rebuilt from a reopened ledger equals the book kept in memory.
    @Test func reopenedLedgerRebuildsTheBookInMemory() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...100_000).array(of: 1...40)) { script in
            let directory = LedgerFixture.directory()
            var book = LedgerFixture.book()
            var now = LedgerFixture.start
            do {
                let ledger = try Ledger(directory: directory)
                book.syncStock(now: now)
                for step in script {
                    let target = Self.targets[step / 5 % Self.targets.count]
                    let minutes = Int64(step / 64 % 240) + 1
                    let effects: [DoseBook.Effect]
                    switch step % 5 {
                    case 0: now = now + .minutes(minutes); effects = book.advance(to: now)
                    case 1: effects = (try? book.take(target, note: "n\(step)", source: .cli, now: now).get())?.effects ?? []
                    case 2: effects = (try? book.skip(target, reason: "r\(step)", source: .desktop, now: now).get())?.effects ?? []
                    case 3: effects = (try? book.snooze(target, length: .minutes(minutes), source: .hook, now: now).get())?.effects ?? []
                    default: effects = book.reload(LedgerFixture.configuration, now: now)
                    }
                    try ledger.commit(LedgerFixture.events(effects), state: book)
                }
            }
            var rebuilt = LedgerFixture.book()
            let reopened = try Ledger(directory: directory)
            try reopened.restore(into: &rebuilt, now: now)
            #expect(rebuilt.records == book.records)
            #expect(rebuilt.open == book.open)
            #expect(rebuilt.snoozes == book.snoozes)
            #expect(rebuilt.stock == book.stock)
            #expect(rebuilt.watermark == book.watermark)
            #expect(try reopened.doseStates() == book.records.mapValues(\.state))
        }
    }
}
