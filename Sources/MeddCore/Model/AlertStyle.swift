/// How a medication's reminders get attention (`alert`, `escalate_after`, `sound`): `[settings]` gives
/// the defaults, and a medication changes any of them.
public struct AlertStyle: Hashable, Sendable {
    /// `normal` reminders become critical only by escalating; `alarm` ones are critical from the first.
    public enum Level: String, CaseIterable, Hashable, Sendable { case normal, alarm }

    /// What a reminder asks the notification server to play.
    public enum Sound: Hashable, Sendable {
        /// The freedesktop sound theme's name for the reminder's urgency.
        case standard
        /// Nothing: the server is asked not to play its own sound either.
        case silent
        /// A freedesktop sound theme name, such as `bell`.
        case named(String)
        /// An absolute path of a sound file.
        case file(String)
    }

    /// What a medication's own table says; nil keeps the `[settings]` value.
    public struct Choices: Hashable, Sendable {
        public var level: Level?
        public var escalateAfter: TimeSpan?
        public var sound: Sound?

        public init(level: Level? = nil, escalateAfter: TimeSpan? = nil, sound: Sound? = nil) {
            self.level = level
            self.escalateAfter = escalateAfter
            self.sound = sound
        }
    }

    public var level: Level = .normal
    /// A normal reminder still open this long after its dose was due turns critical; zero never.
    public var escalateAfter: TimeSpan = .minutes(30)
    public var sound: Sound = .standard

    public init(level: Level = .normal, escalateAfter: TimeSpan = .minutes(30), sound: Sound = .standard) {
        self.level = level
        self.escalateAfter = escalateAfter
        self.sound = sound
    }

    /// This style with a medication's choices applied.
    public func applying(_ choices: Choices) -> AlertStyle {
        AlertStyle(level: choices.level ?? level, escalateAfter: choices.escalateAfter ?? escalateAfter, sound: choices.sound ?? sound)
    }

    /// When a normal reminder for a dose due at `scheduled` escalates; nil for an alarm or without escalation.
    public func escalation(ofDoseDueAt scheduled: Instant) -> Instant? {
        guard level == .normal, escalateAfter > .zero else { return nil }
        return scheduled + escalateAfter
    }

    /// How urgent a reminder for a dose due at `scheduled` is when shown at `now`.
    public func urgency(ofDoseDueAt scheduled: Instant, at now: Instant) -> Urgency {
        if level == .alarm { return .critical }
        if let escalation = escalation(ofDoseDueAt: scheduled), now >= escalation { return .critical }
        return .normal
    }

    /// The freedesktop sound theme name for `Sound.standard` at this urgency.
    public static func standardSoundName(for urgency: Urgency) -> String {
        urgency == .critical ? "alarm-clock-elapsed" : "message-new-instant"
    }

    /// Whether `text` is a sound theme name (`bell`, `message-new-instant`, `x-medd.chime`).
    public static func isSoundName(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 128, isLowercaseOrDigit(first) else { return false }
        return text.utf8.allSatisfy { isLowercaseOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
    }

    private static func isLowercaseOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
