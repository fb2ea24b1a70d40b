/// A dose's final answer as machines compare them: what it was and when it was given. When answers
/// given on different devices disagree, `wins(over:)` decides, and every machine decides alike.
public struct Answer: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case taken, skipped, missed

        /// A reminder to measure answered by its readings (`measured`) is done as a dose taken is: the two
        /// settle alike against a skip or a miss.
        public init?(_ state: DoseState) {
            switch state {
            case .taken, .measured: self = .taken
            case .skipped: self = .skipped
            case .missed: self = .missed
            default: return nil
            }
        }

        public init?(_ kind: EventKind) {
            guard kind.isFinal, let state = DoseState(rawValue: kind.rawValue), let answer = Kind(state) else { return nil }
            self = answer
        }

        public var eventKind: EventKind {
            switch self {
            case .taken: .taken
            case .skipped: .skipped
            case .missed: .missed
            }
        }

        /// A person's answer, not the daemon's record of none.
        public var isGivenByAPerson: Bool { self != .missed }
    }

    public var kind: Kind
    /// When it was given: taken at, skipped or missed at.
    public var at: Instant

    public init(kind: Kind, at: Instant) {
        self.kind = kind
        self.at = at
    }

    /// The rule for two different answers to one dose: a person's answer beats `missed` (a record that
    /// nobody answered in time); between two answers people gave, the later one wins (a change of mind);
    /// at the very same second, `taken` wins.
    public func wins(over other: Answer) -> Bool {
        if kind.isGivenByAPerson != other.kind.isGivenByAPerson { return kind.isGivenByAPerson }
        if at.seconds != other.at.seconds { return at.seconds > other.at.seconds }
        return kind == .taken && other.kind != .taken
    }

    /// The same answer as far as any device can tell: the same kind in the same second (iCalendar
    /// carries whole seconds).
    public func isSame(as other: Answer) -> Bool {
        kind == other.kind && at.seconds == other.at.seconds
    }

    /// `taken at 2026-11-22T07:00:20Z`.
    public var description: String { "\(kind.rawValue) at \(Instant(seconds: at.seconds))" }
}
