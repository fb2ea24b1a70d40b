import Benchmark
import Foundation
import MeddConfig
import MeddCore
import MeddSystem

/// 1,000 medications × 4 times a day × 14 days = 56,000 doses, spread over six zones.
enum PlannerWorkload {
    static let zones = ["America/New_York", "Europe/Berlin", "Asia/Kathmandu", "Australia/Lord_Howe", "Asia/Tokyo", "UTC"]
    /// A 14-day window with no DST transition in any of the zones, so every daily time occurs exactly 14 times.
    static let from = Instant(seconds: 1_802_044_800)  // 2027-02-08T00:00:00Z
    static let to = from + .days(14)
    static let expectedDoses = 56_000

    static func planner() -> Planner {
        let medications = (0..<1_000).map { index -> Medication in
            let minute = index % 60
            let times = [7, 12, 17, 22].map { WallTime(hour: $0, minute: minute)! }
            var medication = Medication(id: "med-\(index)", name: "Medication \(index)", dose: "1 tablet",
                                        schedule: .times(times, DayFilter()))
            medication.timezone = .named(zones[index % zones.count])
            return medication
        }
        let database = SystemZones.database()
        let rules = Dictionary(uniqueKeysWithValues: zones.map { ($0, try! database.rules(named: $0)) })
        let planner = Planner(configuration: Configuration(medications: medications, zones: rules), localZone: .utc)
        let count = planner.doses(from: from, to: to).count
        precondition(count == expectedDoses, "workload planned \(count) doses, expected \(expectedDoses)")
        return planner
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 3,
        maxDuration: .seconds(20),
        maxIterations: 30
    )
    let planner = PlannerWorkload.planner()
    Benchmark("Planner: 56,000-dose horizon") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(planner.doses(from: PlannerWorkload.from, to: PlannerWorkload.to))
        }
    }
}
