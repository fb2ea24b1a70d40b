/// `snooze_<medication>_<HH>_<MM>`: at most one snooze is outstanding per medication and time.
public struct SnoozeID: Hashable, Sendable, CustomStringConvertible {
    public let medication: String
    public let time: WallTime

    public var description: String { "snooze_\(medication)_\(pad2(time.hour))_\(pad2(time.minute))" }
}
