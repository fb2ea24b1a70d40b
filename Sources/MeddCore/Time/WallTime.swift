/// A 24-hour local wall-clock time with minute precision, written `HH:MM`.
public struct WallTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let minuteOfDay: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    public init?(minuteOfDay: Int) {
        guard (0..<1440).contains(minuteOfDay) else { return nil }
        self.minuteOfDay = minuteOfDay
    }

    /// Accepts exactly `HH:MM` (two digits each).
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              let hour = Int(String(decoding: bytes[0..<2], as: UTF8.self)),
              let minute = Int(String(decoding: bytes[3..<5], as: UTF8.self)),
              bytes[0..<2].allSatisfy({ $0 >= 48 && $0 <= 57 }),
              bytes[3..<5].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }
    public var description: String { "\(pad2(hour)):\(pad2(minute))" }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }
}
