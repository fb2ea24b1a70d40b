import Foundation
import PropertyBased
import Testing
@testable import MeddCore

/// Random sequences of answers, time passing, clock jumps and reloads against the dose book.
@Suite struct DoseBookPropertyTests {
    static let configuration = Configuration(medications: [
        Medication(id: "metformin", name: "Metformin", dose: "500 mg",
                   schedule: .times(["08:00", "08:30", "20:00"].map { WallTime(parsing: $0)! }, DayFilter())),
        Medication(id: "hourly", name: "Hourly", dose: "1",
                   schedule: .interval(every: .hours(1), from: WallTime(parsing: "06:00")!, until: WallTime(parsing: "12:00")!, DayFilter())),
        {
            var med = Medication(id: "ibuprofen", name: "Ibuprofen", dose: "400 mg", schedule: .asNeeded(minInterval: .hours(1), maxPerDay: 4))
            med.stock = 6
            med.refillAt = 3
            return med
        }(),
    ])
    static let moved = Configuration(medications: [
        Medication(id: "metformin", name: "Metformin", dose: "500 mg",
                   schedule: .times(["08:15", "20:00"].map { WallTime(parsing: $0)! }, DayFilter())),
    ])
    static let targets = ["metformin", "hourly", "ibuprofen", "metformin_20261122_08_00", "metformin_20261122_08_30",
                          "hourly_20261122_09_00", "hourly_20261122_10_00", "metformin_20261122_20_00"]

    /// Runs one random script, checking after every step that no alert names a final dose.
    static func run(_ script: [Int]) -> (book: DoseBook, events: [DoseEvent], end: Instant) {
        var book = DoseBook(configuration: configuration, localZone: BookHarness.berlin, watermark: BookHarness.at("05:00"))
        var now = BookHarness.at("05:00")
        book.syncStock(now: now)
        var events: [DoseEvent] = []
        for step in script {
            let minutes = Int64(step / 48 % 90) + 1
            let target = targets[step / 6 % targets.count]
            var effects: [DoseBook.Effect] = []
            switch step % 6 {
            case 0: now = now + .minutes(minutes); effects = book.advance(to: now)
            case 1: effects = (try? book.take(target, source: .cli, now: now).get())?.effects ?? []
            case 2: effects = (try? book.skip(target, source: .desktop, now: now).get())?.effects ?? []
            case 3: effects = (try? book.snooze(target, length: .minutes(minutes), source: .desktop, now: now).get())?.effects ?? []
            case 4: now = now + .minutes(minutes * 7); effects = book.advance(to: now)
            default: effects = book.reload(step % 2 == 0 ? moved : configuration, now: now)
            }
            for case .record(let event) in effects { events.append(event) }
            for case .alert(let alert) in effects {
                #expect(book.records[alert.dose.id]?.state.isFinal == false, "alert for final dose \(alert.dose.id)")
            }
            #expect(book.open == Set(book.records.values.filter(\.state.isOpen).map(\.id)))
        }
        return (book, events, now)
    }

    static let scripts = Gen.int(in: 0...100_000).array(of: 1...60)

    /// No effect ever alerts a dose that is final.
    @Test func noEffectAlertsAFinalDose() async {
        await propertyCheck(count: 300, input: Self.scripts) { script in
            _ = Self.run(script)
        }
    }

    /// Every sequence of answers leaves each dose with exactly one final state: the last one recorded.
    @Test func everyDoseEndsInExactlyOneFinalState() async {
        await propertyCheck(count: 300, input: Self.scripts) { script in
            var (book, events, end) = Self.run(script)
            for case .record(let event) in book.advance(to: end + .days(2)) { events.append(event) }
            var lastFinal: [DoseID: EventKind] = [:]
            for event in events where event.kind.isFinal { lastFinal[event.dose.id] = event.kind }
            for record in book.records.values where record.dose.scheduled <= end {
                #expect(record.state.isFinal, "\(record.id) left \(record.state)")
                #expect(lastFinal[record.id]?.rawValue == record.state.rawValue)
            }
        }
    }

    /// Replaying the recorded events into a fresh book rebuilds the same state.
    @Test func replayRebuildsTheSameState() async {
        await propertyCheck(count: 300, input: Self.scripts) { script in
            let (book, events, _) = Self.run(script)
            var rebuilt = DoseBook(configuration: book.configuration, localZone: BookHarness.berlin, watermark: book.watermark)
            rebuilt.restoreStock(book.stock)
            for event in events { rebuilt.absorb(event) }
            #expect(rebuilt.stock == book.stock)
            #expect(rebuilt.records == book.records)
            #expect(rebuilt.open == book.open)
            #expect(rebuilt.snoozes == book.snoozes)
        }
    }

    /// No dose ever fires twice, whatever happens around it.
    @Test func noDoseFiresTwice() async {
        await propertyCheck(count: 300, input: Self.scripts) { script in
            let (_, events, _) = Self.run(script)
            let fired = events.filter { $0.kind == .fired }.map(\.dose.id)
            #expect(Set(fired).count == fired.count)
        }
    }
}
