/// One planned dose: what is due, and the instant it is due.
public struct Dose: Hashable, Sendable, Codable {
    public let id: DoseID
    public let name: String
    public let doseText: String
    public let scheduled: Instant
    /// The medication zone's UTC offset at `scheduled`, for `MEDD_SCHEDULED`.
    public let utcOffset: Int
    /// Set on a reminder to measure (or a reading's own time): what the measurement measures. Its ID
    /// then names a measurement, not a medication.
    public let measurement: MeasurementKind?

    public init(id: DoseID, name: String, doseText: String, scheduled: Instant, utcOffset: Int, measurement: MeasurementKind? = nil) {
        self.id = id
        self.name = name
        self.doseText = doseText
        self.scheduled = scheduled
        self.utcOffset = utcOffset
        self.measurement = measurement
    }

    /// A reminder to measure, not a dose of a medication.
    public var isMeasurement: Bool { measurement != nil }

    public var medication: String { id.medication }
    /// ISO 8601 with the offset, e.g. `2026-11-22T08:00:00+01:00`.
    public var scheduledText: String { scheduled.format(offsetSeconds: utcOffset) }
    /// The due time on the wall clock of the dose's zone, `HH:MM`.
    public var localTimeText: String { localTime.description }
    /// The due time on the wall clock of the dose's zone.
    public var localTime: WallTime {
        let secondOfDay = ((scheduled.seconds + Int64(utcOffset)) % 86_400 + 86_400) % 86_400
        return WallTime(minuteOfDay: Int(secondOfDay / 60))!
    }
}
