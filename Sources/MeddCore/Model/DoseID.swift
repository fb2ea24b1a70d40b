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

    /// Reads the fixed-width `_yyyyMMdd_HH_MM` from the end, byte by byte: the ledger decodes one ID per
    /// event, hundreds of thousands for a history of years.
    public init?(parsing text: String) {
        guard let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
        else { return nil }
        self = parsed
    }

    private static let suffixLength = "_yyyyMMdd_HH_MM".utf8.count

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DoseID? {
        let count = bytes.count
        guard count > suffixLength else { return nil }
        let start = count - suffixLength
        guard bytes[start] == UInt8(ascii: "_"), bytes[start + 9] == UInt8(ascii: "_"), bytes[start + 12] == UInt8(ascii: "_")
        else { return nil }
        func number(_ offset: Int, _ digits: Int) -> Int? {
            var value = 0
            for byte in bytes[(start + offset)..<(start + offset + digits)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let medication = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<start]), as: UTF8.self)
        guard MedicationID.isValid(medication), let year = number(1, 4), let month = number(5, 2), let day = number(7, 2),
              let hour = number(10, 2), let minute = number(13, 2),
              let date = LocalDate(year: year, month: month, day: day), let time = WallTime(hour: hour, minute: minute)
        else { return nil }
        return DoseID(medication: medication, date: date, time: time)
    }

    public var description: String {
        guard isFixedWidth else { return wideDescription }
        // Byte by byte in the common case: every dose of a history of years is written with its ID.
        return String(unsafeUninitializedCapacity: medication.utf8.count + Self.suffixLength) { buffer in
            put(into: buffer)
            return buffer.count
        }
    }

    /// `description` appended to `output` as UTF-8, without making a string.
    public func appendDescription(to output: inout [UInt8]) {
        guard isFixedWidth else { return output.append(contentsOf: wideDescription.utf8) }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: medication.utf8.count + Self.suffixLength))
        output.withUnsafeMutableBufferPointer { bytes in put(into: UnsafeMutableBufferPointer(rebasing: bytes[start...])) }
    }

    private var isFixedWidth: Bool { (1000...9999).contains(date.year) }

    private var wideDescription: String { "\(medication)_\(date.compact)_\(pad2(time.hour))_\(pad2(time.minute))" }

    /// The ID into `buffer`, exactly as long as it.
    private func put(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let prefix = buffer.count - Self.suffixLength
        _ = buffer.initialize(from: medication.utf8)
        (buffer[prefix], buffer[prefix + 9], buffer[prefix + 12]) = (UInt8(ascii: "_"), UInt8(ascii: "_"), UInt8(ascii: "_"))
        buffer.putDigits(date.year, count: 4, at: prefix + 1)
        buffer.putDigits(date.month, count: 2, at: prefix + 5)
        buffer.putDigits(date.day, count: 2, at: prefix + 7)
        buffer.putDigits(time.hour, count: 2, at: prefix + 10)
        buffer.putDigits(time.minute, count: 2, at: prefix + 13)
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
