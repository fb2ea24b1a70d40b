/// Adherence over a range of due times, per medication and overall.
public struct AdherenceReport: Hashable, Sendable, Codable {
    /// Keyed by medication ID.
    public var medications: [String: AdherenceCounts]
    public var total: AdherenceCounts

    public init(medications: [String: AdherenceCounts] = [:], total: AdherenceCounts = AdherenceCounts()) {
        self.medications = medications
        self.total = total
    }
}
