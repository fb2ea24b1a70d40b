/// Final outcomes of the doses of one medication (or of all of them).
public struct AdherenceCounts: Hashable, Sendable, Codable {
    public var onTime = 0
    public var late = 0
    public var skipped = 0
    public var missed = 0

    public init(onTime: Int = 0, late: Int = 0, skipped: Int = 0, missed: Int = 0) {
        self.onTime = onTime
        self.late = late
        self.skipped = skipped
        self.missed = missed
    }

    public var taken: Int { onTime + late }
    public var total: Int { taken + skipped + missed }

    /// Taken doses as a share of all doses with a final state, 0–100; nil when there are none.
    public var percentage: Double? {
        total == 0 ? nil : Double(taken) * 100 / Double(total)
    }

    mutating func add(_ other: AdherenceCounts) {
        onTime += other.onTime
        late += other.late
        skipped += other.skipped
        missed += other.missed
    }
}
