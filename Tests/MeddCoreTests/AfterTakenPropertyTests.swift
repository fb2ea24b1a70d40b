import PropertyBased
import Testing
@testable import MeddCore

/// Random histories of answers to `after_taken` medications, over the night the clocks go back: the same
/// history always gives the same doses, whether lived, replayed from the events, or resumed after a restart.
@Suite struct AfterTakenPropertyTests {
    static func afterTaken(_ id: String, _ interval: TimeSpan, from: String, until: String) -> Medication {
        Medication(id: id, name: id.uppercased(), dose: "1",
                   schedule: .afterTaken(interval: interval, from: WallTime(parsing: from)!, until: WallTime(parsing: until)!, DayFilter()))
    }

    static let configuration = Configuration(medications: [
        afterTaken("hourly", .hours(1), from: "00:30", until: "23:30"),
        afterTaken("para", .hours(3), from: "08:00", until: "22:00"),
        Medication(id: "fixed", name: "Fixed", dose: "1", schedule: .times([WallTime(parsing: "02:30")!], DayFilter())),
    ])
    static let start = BookHarness.at("2027-10-30T22:00:00+02:00")
    static let targets = ["hourly", "para", "fixed"]

    /// Runs a script; with `restartAt`, the book is rebuilt from its events (as medd does from the
    /// ledger) before that step and the script goes on with the rebuilt one.
    static func run(_ script: [Int], restartAt: Int? = nil) -> (book: DoseBook, events: [DoseEvent], end: Instant) {
        var book = DoseBook(configuration: configuration, localZone: BookHarness.berlin, watermark: start)
        var now = start
        var events: [DoseEvent] = []
        for (index, step) in script.enumerated() {
            if index == restartAt { book = rebuilt(from: events, of: book) }
            let minutes = Int64(step / 24 % 120) + 1
            let target = targets[step / 6 % targets.count]
            var effects: [DoseBook.Effect] = []
            switch step % 6 {
            case 0, 4: now = now + .minutes(minutes * Int64(step % 6 + 1)); effects = book.advance(to: now)
            case 1: effects = (try? book.take(target, source: .cli, now: now).get())?.effects ?? []
            case 2: effects = (try? book.take(target, at: now - .minutes(minutes), source: .cli, now: now).get())?.effects ?? []
            case 3: effects = (try? book.skip(target, source: .desktop, now: now).get())?.effects ?? []
            default: effects = (try? book.snooze(target, length: .minutes(minutes), source: .desktop, now: now).get())?.effects ?? []
            }
            for case .record(let event) in effects { events.append(event) }
        }
        for case .record(let event) in book.advance(to: now) { events.append(event) }
        return (book, events, now)
    }

    /// What medd rebuilds from the ledger: the events, the watermark and the tracking instants saved with them.
    static func rebuilt(from events: [DoseEvent], of lived: DoseBook) -> DoseBook {
        var book = DoseBook(configuration: configuration, localZone: BookHarness.berlin, watermark: lived.watermark)
        book.restoreTracking(lived.trackedSince)
        for event in events { book.absorb(event) }
        return book
    }

    static func listing(_ book: DoseBook, through end: Instant) -> [String] {
        book.doses(from: start - .days(1), to: end + .days(2)).map { "\($0.id)@\($0.dose.scheduled) \($0.state.rawValue)" }
    }

    static let scripts = zip(Gen.int(in: 0...100_000).array(of: 1...80), Gen.int(in: 0...79))

    /// No ID twice; on each day a medication's doses come in the order of their IDs, each after the one before.
    @Test func noDuplicateIDsAndTheChainOnlyMovesForward() async {
        await propertyCheck(count: 150, input: Self.scripts) { script, _ in
            let (book, _, end) = Self.run(script)
            let doses = book.doses(from: Self.start - .days(1), to: end + .days(2))
            #expect(Set(doses.map(\.id)).count == doses.count)
            for medication in ["hourly", "para"] {
                let chain = doses.filter { $0.id.medication == medication }
                for (before, after) in Swift.zip(chain, chain.dropFirst()) where before.id.date == after.id.date {
                    #expect(before.id.time < after.id.time && before.dose.scheduled < after.dose.scheduled, "\(before.id) → \(after.id)")
                }
            }
        }
    }

    /// Left alone for two days, every dose due by the end of the script has ended (or was never tracked):
    /// none is lost in the past as `planned`, however the answers moved the chain.
    @Test func noDoseStaysPlannedInThePast() async {
        await propertyCheck(count: 150, input: Self.scripts) { script, _ in
            var (book, _, end) = Self.run(script)
            for hours in stride(from: 1, through: 48, by: 1) { _ = book.advance(to: end + .hours(Int64(hours))) }
            for record in book.doses(from: Self.start - .days(1), to: end) {
                #expect(record.state.isFinal || record.state == .untracked, "\(record.id) left \(record.state)")
            }
        }
    }

    /// Found by the property above: "hourly" taken two hours back at the first start makes its next dose
    /// untracked (due before medd ran) and the one after that due exactly at the watermark, where no
    /// `advance` fires a dose; the answer itself must alert it.
    @Test func aBackdatedAnswerAlertsTheDoseDueAtTheWatermark() throws {
        var book = DoseBook(configuration: Self.configuration, localZone: BookHarness.berlin, watermark: Self.start)
        let outcome = try book.take("hourly", at: Self.start - .hours(2), source: .cli, now: Self.start).get()
        let fired = outcome.effects.compactMap { effect -> String? in
            guard case .record(let event) = effect, event.kind == .fired else { return nil }
            return event.dose.id.description
        }
        #expect(fired == ["hourly_20271030_22_00"])
        #expect(book.doses(from: Self.start - .hours(3), to: Self.start).allSatisfy { $0.state != .planned })
    }

    /// Replaying the events into a fresh book gives the same records and the same doses ahead.
    @Test func replayGivesTheSameDoses() async {
        await propertyCheck(count: 150, input: Self.scripts) { script, _ in
            let (book, events, end) = Self.run(script)
            let replayed = Self.rebuilt(from: events, of: book)
            #expect(replayed.records == book.records)
            #expect(Self.listing(replayed, through: end) == Self.listing(book, through: end))
        }
    }

    /// A restart at any step (the book rebuilt from the events so far) changes nothing that follows.
    @Test func aRestartChangesNothing() async {
        await propertyCheck(count: 150, input: Self.scripts) { script, cut in
            let lived = Self.run(script)
            let restarted = Self.run(script, restartAt: cut % script.count)
            #expect(restarted.events == lived.events)
            #expect(Self.listing(restarted.book, through: restarted.end) == Self.listing(lived.book, through: lived.end))
        }
    }
}
