/// A validated configuration file.
public struct Configuration: Hashable, Sendable {
    public var settings: Settings
    /// Sorted by ID, so every walk over them is deterministic.
    public var medications: [Medication]
    public var hooks: [Hook]

    public init(settings: Settings = Settings(), medications: [Medication] = [], hooks: [Hook] = []) {
        self.settings = settings
        self.medications = medications.sorted { $0.id < $1.id }
        self.hooks = hooks
    }

    public func medication(_ id: String) -> Medication? {
        medications.first { $0.id == id }
    }

    /// The zone a medication's nominal times are read in.
    public func zoneChoice(for medication: Medication) -> ZoneChoice {
        medication.timezone ?? settings.timezone
    }
}
