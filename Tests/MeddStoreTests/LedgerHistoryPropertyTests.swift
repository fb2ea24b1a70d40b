import Foundation
import PropertyBased
import Synchronization
import Testing
@testable import MeddCore
@testable import MeddStore

/// A book restored from the ledger holds only the doses of the horizon, yet answers exactly as a
/// book built by replaying every event: for random configurations and days of random answers.
@Suite struct LedgerHistoryPropertyTests {
    /// A configuration chosen by `seed`: scheduled and as-needed medications, with and without
    /// stock and limits, and a short horizon and grace so that history piles up behind them.
    static func configuration(_ seed: Int, restocked: Bool = false) -> Configuration {
        let timeChoices = [["08:00", "20:00"], ["08:00", "12:00", "20:00"], ["09:30"]]
        var metformin = Medication(id: "metformin", name: "Metformin", dose: "500 mg",
                                   schedule: .times(timeChoices[seed % 3].map { WallTime(parsing: $0)! }, DayFilter()))
        metformin.stock = seed / 3 % 2 == 0 ? (restocked ? 40 : 30) : nil
        metformin.refillAt = 26
        let minIntervals: [TimeSpan?] = [nil, .hours(1), .hours(4), .days(1)]
        let maxPerDays: [Int?] = [nil, 2, 3]
        var ibuprofen = Medication(id: "ibuprofen", name: "Ibuprofen", dose: "400 mg",
                                   schedule: .asNeeded(minInterval: minIntervals[seed / 6 % 4], maxPerDay: maxPerDays[seed / 24 % 3]))
        ibuprofen.stock = restocked ? 25 : 20
        ibuprofen.perDose = Quantity(units: 1 + seed / 72 % 2)
        ibuprofen.refillAt = 15
        var vitamin = Medication(id: "vitamin", name: "Vitamin D", dose: "1", schedule: .times([WallTime(parsing: "07:00")!], DayFilter()))
        vitamin.paused = seed / 144 % 4 == 0
        var settings = Settings()
        settings.horizonDays = 1 + seed / 576 % 2
        settings.grace = .hours(1 + Int64(seed / 1152 % 2))
        return Configuration(settings: settings, medications: [metformin, ibuprofen, vitamin])
    }

    static let zone = LedgerFixture.berlin
    static let start = Instant(seconds: 1_795_330_800) // 2026-11-22T08:00:00+01:00

    /// The daemon's side of it: the book, kept as `EffectRunner` keeps it over a real ledger.
    struct Daemon {
        var book: DoseBook
        let ledger: Ledger

        /// Advances as the runner does: first holding what `advance` reads, then forgetting the past.
        mutating func change(at now: Instant, settings: Settings? = nil, _ decide: (inout DoseBook) -> [DoseBook.Effect]) throws -> [DoseBook.Effect] {
            var needed = DoseBook.historyNeeded(at: now, settings: book.settings, watermark: book.watermark)
            if let settings { needed = min(needed, DoseBook.historyNeeded(at: now, settings: settings, watermark: book.watermark)) }
            book.remember(try ledger.records(book.historyRequest(coveringFrom: needed)), heldFrom: needed)
            let effects = decide(&book)
            try ledger.commit(effects.compactMap(\.recordedEvent), state: book)
            book.forgetHistory(before: DoseBook.historyNeeded(at: now, settings: book.settings, watermark: book.watermark))
            return effects
        }

        mutating func answer(_ target: String, at when: Instant,
                             _ decide: (inout DoseBook) -> Result<DoseBook.Outcome, DoseBook.Rejection>) throws -> Result<DoseBook.Outcome, DoseBook.Rejection> {
            book.remember(try ledger.records(book.historyRequest(forAnswer: target, at: when)))
            let result = decide(&book)
            if case .success(let outcome) = result { try ledger.commit(outcome.effects.compactMap(\.recordedEvent), state: book) }
            return result
        }
    }

    /// What one answer gives: its result and events, asked of a copy of the book.
    static func answers(_ book: DoseBook, _ target: String, now: Instant, at: Instant?, ledger: Ledger?) throws -> [Result<DoseBook.Outcome, DoseBook.Rejection>] {
        var copy = book
        if let ledger { copy.remember(try ledger.records(copy.historyRequest(forAnswer: target, at: at ?? now))) }
        var take = copy, skip = copy, snooze = copy
        return [
            take.take(target, at: at, note: "n", source: .cli, now: now),
            skip.skip(target, reason: "r", source: .cli, now: now),
            snooze.snooze(target, length: .minutes(20), source: .desktop, now: now),
        ]
    }

    /// Compares the restored book with a full replay, in state and in every answer's result.
    static func expectSameAnswers(restored: DoseBook, replayed: DoseBook, ledger: Ledger, now: Instant, targets: [String]) throws {
        #expect(restored.heldFrom > Instant(usec: .min), "the restored book must hold less than everything")
        for (id, record) in restored.records {
            #expect(replayed.records[id] == record, "restored \(id) differs from the replay")
        }
        expectHoldsWhatTheRulesRead(restored, replayed: replayed)
        #expect(restored.open == replayed.open)
        #expect(restored.snoozes == replayed.snoozes)
        #expect(restored.stock == replayed.stock)
        #expect(restored.watermark == replayed.watermark)
        #expect(restored.nextWakeUp(after: now) == replayed.nextWakeUp(after: now))
        let to = now + .days(Int64(replayed.settings.horizonDays))
        var listed = restored
        listed.remember(try ledger.records(HistoryRequest(due: [.init(medication: nil, from: start, to: restored.heldFrom)])))
        #expect(listed.doses(from: start, to: to) == replayed.doses(from: start, to: to))
        for target in targets {
            for at in [nil, now - .hours(3), now - .days(2)] as [Instant?] {
                let mine = try answers(restored, target, now: now, at: at, ledger: ledger)
                let full = try answers(replayed, target, now: now, at: at, ledger: nil)
                #expect(mine == full, "answers to \(target) at \(at.map(\.description) ?? "now") differ")
            }
        }
        // Time passing, forwards or with the clock set back, decides the same events.
        for then in [now + .hours(30), now - .days(3)] {
            var later = restored, laterReplayed = replayed
            let needed = DoseBook.historyNeeded(at: then, settings: later.settings, watermark: later.watermark)
            later.remember(try ledger.records(later.historyRequest(coveringFrom: needed)), heldFrom: needed)
            #expect(later.advance(to: then) == laterReplayed.advance(to: then), "advancing to \(then) differs")
        }
    }

    /// The book holds every record the rules may read without asking the ledger: open, due or
    /// touched from `heldFrom` — each as the replay has it.
    static func expectHoldsWhatTheRulesRead(_ book: DoseBook, replayed: DoseBook) {
        let needed = replayed.records.filter { _, record in
            record.state.isOpen || record.dose.scheduled >= book.heldFrom || (record.lastTouched.map { $0 >= book.heldFrom } ?? false)
        }
        #expect(book.records.filter { needed[$0.key] != nil } == needed)
    }

    /// Every dose ID the configuration planned up to `now`, the as-needed ones taken, and medication IDs.
    static func targets(_ book: DoseBook, replayed: DoseBook, now: Instant) -> [String] {
        let planned = Planner(configuration: book.configuration, localZone: zone).doses(from: start - .days(1), to: now + .days(1)).map(\.id)
        let recorded = replayed.records.keys
        return Set(planned + recorded).sorted().map(\.description) + ["metformin", "ibuprofen", "vitamin"]
    }

    /// Cases whose restored book held fewer records than the replay: the property is about them.
    static let casesWithForgottenHistory = Mutex(0)

    @Test func restoredBookAnswersAsAFullReplay() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...100_000).array(of: 8...50)) { script in
            let seed = script[0]
            let directory = LedgerFixture.directory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var configuration = Self.configuration(seed)
            var now = Self.start
            var daemon = Daemon(book: DoseBook(configuration: configuration, localZone: Self.zone), ledger: try Ledger(directory: directory))
            daemon.book.syncStock(now: now)
            var restarts = 0
            for step in script.dropFirst() {
                let pick = step / 8
                switch step % 8 {
                case 0: now = now + .minutes(Int64(pick % 180) + 1); _ = try daemon.change(at: now) { [now] in $0.advance(to: now) }
                case 1: now = now + .hours(Int64(pick % 40) + 6); _ = try daemon.change(at: now) { [now] in $0.advance(to: now) }
                case 2, 3:
                    let targets = Self.targets(daemon.book, replayed: daemon.book, now: now)
                    let target = targets[pick % targets.count]
                    // Late answers: a dose taken some hours ago, told now.
                    let at: Instant? = pick % 3 == 0 ? now - .hours(Int64(pick % 50)) : nil
                    _ = try daemon.answer(target, at: at ?? now) { [now] in $0.take(target, at: at, source: .cli, now: now) }
                case 4:
                    let targets = Self.targets(daemon.book, replayed: daemon.book, now: now)
                    let target = targets[pick % targets.count]
                    _ = try daemon.answer(target, at: now) { [now] in $0.skip(target, source: .cli, now: now) }
                case 5:
                    let targets = Self.targets(daemon.book, replayed: daemon.book, now: now)
                    let target = targets[pick % targets.count]
                    // Up to the longest snooze, so a snoozed dose can still be open when the next day's takes its slot.
                    let minutes = Int64(pick % 2 == 0 ? pick % 120 : pick % 1440) + 1
                    _ = try daemon.answer(target, at: now) { [now] in $0.snooze(target, length: .minutes(minutes), source: .desktop, now: now) }
                case 6 where pick % 3 == 0:
                    // A refill through medctl, refused (changing nothing) for a metformin that counts no stock.
                    now = now + .minutes(1)
                    let medication = pick % 2 == 0 ? "metformin" : "ibuprofen"
                    _ = try daemon.change(at: now) { [now] book in
                        (try? book.refill(medication, amount: "\(pick % 40 + 1).5", source: .cli, now: now).get().effects) ?? []
                    }
                case 6:
                    // A reload is its own moment: a stock set anew counts from it.
                    now = now + .minutes(1)
                    configuration = Self.configuration(seed, restocked: pick % 2 == 1)
                    _ = try daemon.change(at: now, settings: configuration.settings) { [now, configuration] in $0.reload(configuration, now: now) }
                default:
                    // A restart, every other one after medd was down for a while (nothing advanced meanwhile),
                    // now and then for longer than the horizon and the history a book holds.
                    switch pick % 4 {
                    case 1: now = now + .hours(Int64(pick % 60) + 1)
                    case 3: now = now + .days(Int64(pick % 8) + 3)
                    default: break
                    }
                    var restored = DoseBook(configuration: configuration, localZone: Self.zone)
                    try daemon.ledger.restore(into: &restored, now: now)
                    restored.syncStock(now: now)
                    daemon.book = restored
                    restarts += 1
                }
            }
            var restored = DoseBook(configuration: configuration, localZone: Self.zone)
            try daemon.ledger.restore(into: &restored, now: now)
            var replayed = DoseBook(configuration: configuration, localZone: Self.zone)
            try daemon.ledger.replayEverything(into: &replayed)
            if restored.records.count < replayed.records.count { Self.casesWithForgottenHistory.withLock { $0 += 1 } }
            let targets = Self.targets(restored, replayed: replayed, now: now)
            try Self.expectSameAnswers(restored: restored, replayed: replayed, ledger: daemon.ledger, now: now, targets: targets)
            // The book kept running (forgetting and reading back as it went) answers the same too.
            for (id, record) in daemon.book.records {
                #expect(replayed.records[id] == record, "the running book's \(id) differs from the replay")
            }
            Self.expectHoldsWhatTheRulesRead(daemon.book, replayed: replayed)
            #expect(daemon.book.open == replayed.open)
            #expect(daemon.book.stock == replayed.stock)
            // However long medd was down (a restart's downtime of up to 60 h outlasts these horizons of a day
            // or two), every dose due by now has been fired, caught up or missed.
            _ = try daemon.change(at: now) { [now] in $0.advance(to: now) }
            var all = daemon.book
            all.remember(try daemon.ledger.records(HistoryRequest(due: [.init(medication: nil, from: Self.start, to: all.heldFrom)])))
            let stale = all.doses(from: Self.start, to: now).filter { $0.state == .planned }
            #expect(stale.isEmpty, "due but still planned: \(stale.map(\.id))")
            // medd never records a dose missed once it has a final state: a record it did not hold is never taken for none.
            var final: Set<DoseID> = []
            for event in try daemon.ledger.allEvents() where event.kind.isFinal {
                #expect(!(event.kind == .missed && final.contains(event.dose.id)), "\(event.dose.id) missed after its final answer")
                final.insert(event.dose.id)
            }
        }
        let forgotten = Self.casesWithForgottenHistory.withLock { $0 }
        #expect(forgotten >= 10, "only \(forgotten) cases left history in the ledger alone")
        print("ledger history property: \(forgotten) cases restored less than the full history")
    }
}
