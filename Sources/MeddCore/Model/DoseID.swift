/// `<medication>_<yyyyMMdd>_<HH>_<MM>`: a dose's nominal local date and time in its medication's zone.
public struct DoseID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let medication: String
    public let date: LocalDate
    public let time: WallTime

    public init(medication: String, date: LocalDate, time: WallTime) {
        self.medication = medication
        self.date = date
        self.time = time
    }

    public init?(parsing text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 4, MedicationID.isValid(String(parts[0])), parts[1].count == 8,
              let date = LocalDate(parsing: "\(parts[1].prefix(4))-\(parts[1].dropFirst(4).prefix(2))-\(parts[1].suffix(2))"),
              let time = WallTime(parsing: "\(parts[2]):\(parts[3])") else { return nil }
        self.init(medication: String(parts[0]), date: date, time: time)
    }

    public var description: String {
        "\(medication)_\(date.compact)_\(pad2(time.hour))_\(pad2(time.minute))"
    }

    /// The snooze slot this dose uses: one outstanding snooze per medication and time.
    public var snoozeID: SnoozeID { SnoozeID(medication: medication, time: time) }

    public static func < (lhs: DoseID, rhs: DoseID) -> Bool {
        (lhs.date, lhs.time, lhs.medication) < (rhs.date, rhs.time, rhs.medication)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = DoseID(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a dose ID: \(text)"))
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// `snooze_<medication>_<HH>_<MM>`: at most one snooze is outstanding per medication and time.
public struct SnoozeID: Hashable, Sendable, CustomStringConvertible {
    public let medication: String
    public let time: WallTime

    public var description: String { "snooze_\(medication)_\(pad2(time.hour))_\(pad2(time.minute))" }
}
