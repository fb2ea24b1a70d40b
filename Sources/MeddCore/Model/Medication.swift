/// One `[medication.ID]` table, validated.
public struct Medication: Hashable, Sendable {
    public var id: String
    public var name: String
    public var dose: String
    public var schedule: Schedule
    public var start: LocalDate? = nil
    public var end: LocalDate? = nil
    public var timezone: ZoneChoice? = nil
    public var notes: String? = nil
    public var paused: Bool = false
    public var stock: Int? = nil
    public var perDose: Int = 1
    public var refillAt: Int? = nil
    /// The day the medication on hand expires: `expiring` warns `expiry_warning` before, `expired` on the day.
    public var expires: LocalDate? = nil

    public init(id: String, name: String, dose: String, schedule: Schedule) {
        self.id = id
        self.name = name
        self.dose = dose
        self.schedule = schedule
    }

    public var isAsNeeded: Bool {
        if case .asNeeded = schedule { return true }
        return false
    }

    func isActive(on date: LocalDate) -> Bool {
        if let start, date < start { return false }
        if let end, date > end { return false }
        return true
    }
}

/// Validates medication IDs: `[a-z0-9][a-z0-9-]{0,63}`.
public enum MedicationID {
    public static let maximumLength = 64

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, isLowerAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
