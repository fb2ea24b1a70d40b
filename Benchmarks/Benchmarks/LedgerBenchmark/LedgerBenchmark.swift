import Benchmark
import Foundation
import MeddCore
import MeddStore

/// A year of 10 medications at 3 doses a day (10,950 doses), each with a life of about nine
/// events — fired, re-alerts, a snooze for some, one answer — about 100,000 events in all.
enum LedgerWorkload {
    static let yearStart = Instant(seconds: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let yearEnd = yearStart + .days(365)
    static let zone = ZoneRules.utc

    static func events(forDay day: Int64) -> [DoseEvent] {
        var events: [DoseEvent] = []
        for med in 0..<10 {
            for (slot, hour) in [8, 14, 20].enumerated() {
                let scheduled = yearStart + .days(day) + .hours(Int64(hour))
                let date = LocalDate(dayNumber: scheduled.seconds / 86_400)
                let dose = Dose(id: DoseID(medication: "med-\(med)", date: date, time: WallTime(hour: hour, minute: 0)!),
                                name: "Medication \(med)", doseText: "1 tablet", scheduled: scheduled, utcOffset: 0)
                events.append(DoseEvent(kind: .fired, dose: dose, at: scheduled, source: .daemon))
                for minutes in stride(from: 15, through: 120, by: 15) {
                    events.append(DoseEvent(kind: .renotified, dose: dose, at: scheduled + .minutes(Int64(minutes)), source: .daemon))
                }
                let pick = (Int(day) * 31 + med * 7 + slot) % 10
                let answerAt = scheduled + .minutes(pick == 9 ? 0 : 95)
                let kind: EventKind = pick < 7 ? .taken : pick == 7 ? .skipped : .missed
                events.append(DoseEvent(kind: kind, dose: dose, at: kind == .missed ? scheduled + .hours(2) : answerAt,
                                        source: kind == .missed ? .daemon : .cli, note: kind == .taken ? "with food" : nil))
            }
        }
        return events
    }

    /// Builds the ledger once, committing a day at a time; returns it with its event count.
    static func ledger() -> (Ledger, Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("medd-ledger-bench-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        let book = DoseBook(configuration: Configuration(), localZone: zone)
        let ledger = try! Ledger(directory: directory)
        var count = 0
        for day in 0..<365 {
            let events = events(forDay: Int64(day))
            try! ledger.commit(events, state: book)
            count += events.count
        }
        return (ledger, count)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 3,
        maxDuration: .seconds(20),
        maxIterations: 50
    )
    let (ledger, count) = LedgerWorkload.ledger()
    precondition(count >= 100_000, "workload has only \(count) events")
    print("ledger workload: \(count) events")

    Benchmark("Ledger: adherence over one year (\(count) events)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! ledger.adherence(since: LedgerWorkload.yearStart, until: LedgerWorkload.yearEnd))
        }
    }

    Benchmark("Ledger: rebuild the dose book at start-up") { benchmark in
        for _ in benchmark.scaledIterations {
            var book = DoseBook(configuration: Configuration(), localZone: LedgerWorkload.zone)
            try! ledger.restore(into: &book, now: LedgerWorkload.yearEnd)
            blackHole(book)
        }
    }

    let book = DoseBook(configuration: Configuration(), localZone: LedgerWorkload.zone)
    nonisolated(unsafe) var sequence: Int64 = 0
    Benchmark("Ledger: record one answer durably (commit with fsync)",
              configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 10,
                                   maxDuration: .seconds(20), maxIterations: 2_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            sequence += 1
            let scheduled = LedgerWorkload.yearEnd + .minutes(sequence)
            let local = LedgerWorkload.zone.local(scheduled)
            let dose = Dose(id: DoseID(medication: "bench", date: local.date, time: local.time), name: "Bench",
                            doseText: "1", scheduled: scheduled, utcOffset: 0)
            try! ledger.commit([DoseEvent(kind: .taken, dose: dose, at: scheduled, source: .cli)], state: book)
        }
    }
}
