import Foundation
@testable import MeddCore
import MeddStore
import MeddTestSupport

/// Temporary state directories and a small dose book for ledger tests.
enum LedgerFixture {
    static let berlin = SystemZone.named("Europe/Berlin")
    static let start = Instant(seconds: 1_795_330_800) // 2026-11-22T08:00:00+01:00

    static func directory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("medd-ledger-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let configuration: Configuration = {
        var pill = Medication(id: "pill", name: "Pill", dose: "1", schedule: .asNeeded(minInterval: nil, maxPerDay: nil))
        pill.stock = 5
        pill.refillAt = 3
        return Configuration(medications: [
            Medication(id: "metformin", name: "Metformin", dose: "500 mg",
                       schedule: .times(["08:00", "12:00", "20:00"].map { WallTime(parsing: $0)! }, DayFilter())),
            pill,
        ])
    }()

    static func book() -> DoseBook {
        DoseBook(configuration: configuration, localZone: berlin)
    }

    static func events(_ effects: [DoseBook.Effect]) -> [DoseEvent] {
        effects.compactMap(\.recordedEvent)
    }

    /// A binary built next to the test bundle.
    static func tool(_ name: String) -> URL {
        URL(fileURLWithPath: BuiltProduct.path(name))
    }
}
