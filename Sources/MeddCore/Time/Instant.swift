/// A point in time, microseconds since the Unix epoch: the unit of every `MEDD_*_USEC` field.
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var usec: Int64

    public init(usec: Int64) { self.usec = usec }
    public init(seconds: Int64) { self.usec = seconds * 1_000_000 }

    /// Whole seconds since the epoch, rounded towards the past.
    public var seconds: Int64 { usec >= 0 ? usec / 1_000_000 : -((-usec + 999_999) / 1_000_000) }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.usec < rhs.usec }
    public static func + (lhs: Instant, rhs: TimeSpan) -> Instant { Instant(usec: lhs.usec + rhs.seconds * 1_000_000) }
    public static func - (lhs: Instant, rhs: TimeSpan) -> Instant { Instant(usec: lhs.usec - rhs.seconds * 1_000_000) }

    /// UTC ISO 8601, for logs and tests.
    public var description: String { format(offsetSeconds: 0) }

    /// ISO 8601 with the given UTC offset, e.g. `2026-11-22T08:00:00+01:00`.
    public func format(offsetSeconds: Int) -> String {
        let (date, secondOfDay) = localDateAndSecond(offsetSeconds: offsetSeconds)
        guard Self.isFixedWidth(date, offsetSeconds) else {
            let time = "\(pad2(secondOfDay / 3600)):\(pad2(secondOfDay / 60 % 60)):\(pad2(secondOfDay % 60))"
            return "\(date.iso8601)T\(time)\(Self.offsetText(offsetSeconds))"
        }
        // The common case byte by byte: exports write two of these for each of a hundred thousand doses.
        return String(unsafeUninitializedCapacity: Self.fixedWidth) { buffer in
            Self.put(date, secondOfDay, offsetSeconds, into: buffer)
            return Self.fixedWidth
        }
    }

    /// `format(offsetSeconds:)` appended to `output` as UTF-8, without making a string (a history of years
    /// is written as JSON straight from its records).
    public func appendFormat(offsetSeconds: Int, to output: inout [UInt8]) {
        let (date, secondOfDay) = localDateAndSecond(offsetSeconds: offsetSeconds)
        guard Self.isFixedWidth(date, offsetSeconds) else { return output.append(contentsOf: format(offsetSeconds: offsetSeconds).utf8) }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: Self.fixedWidth))
        output.withUnsafeMutableBufferPointer { bytes in
            Self.put(date, secondOfDay, offsetSeconds, into: UnsafeMutableBufferPointer(rebasing: bytes[start...]))
        }
    }

    private func localDateAndSecond(offsetSeconds: Int) -> (LocalDate, Int) {
        let local = seconds + Int64(offsetSeconds)
        let day = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        return (LocalDate(dayNumber: day), Int(local - day * 86_400))
    }

    private static let fixedWidth = 25

    private static func isFixedWidth(_ date: LocalDate, _ offsetSeconds: Int) -> Bool {
        (1000...9999).contains(date.year) && abs(offsetSeconds) < 100 * 3600
    }

    private static func put(_ date: LocalDate, _ secondOfDay: Int, _ offsetSeconds: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let magnitude = abs(offsetSeconds)
        buffer.putDigits(date.year, count: 4, at: 0)
        buffer.putDigits(date.month, count: 2, at: 5)
        buffer.putDigits(date.day, count: 2, at: 8)
        buffer.putDigits(secondOfDay / 3600, count: 2, at: 11)
        buffer.putDigits(secondOfDay / 60 % 60, count: 2, at: 14)
        buffer.putDigits(secondOfDay % 60, count: 2, at: 17)
        buffer.putDigits(magnitude / 3600, count: 2, at: 20)
        buffer.putDigits(magnitude / 60 % 60, count: 2, at: 23)
        (buffer[4], buffer[7], buffer[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
        (buffer[13], buffer[16], buffer[22]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: ":"))
        buffer[19] = UInt8(ascii: offsetSeconds < 0 ? "-" : "+")
    }

    private static func offsetText(_ offsetSeconds: Int) -> String {
        let sign = offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(offsetSeconds)
        return "\(sign)\(pad2(magnitude / 3600)):\(pad2(magnitude / 60 % 60))"
    }
}

func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

extension UnsafeMutableBufferPointer<UInt8> {
    /// Writes a non-negative `value` as exactly `count` decimal digits, zero-padded, at `offset`: `pad2` byte
    /// by byte, for the fixed-width fields of ISO 8601 times and dose IDs.
    func putDigits(_ value: Int, count: Int, at offset: Int) {
        var rest = value
        for position in stride(from: offset + count - 1, through: offset, by: -1) {
            self[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
