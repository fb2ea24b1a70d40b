public import MeddCore

/// A dose's final answer as medd-sync compares them: what it was and when it was given. When this
/// machine and the server disagree, `wins(over:)` decides, and every machine decides alike.
public struct Answer: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case taken, skipped, missed

        public init?(_ state: DoseState) {
            switch state {
            case .taken: self = .taken
            case .skipped: self = .skipped
            case .missed: self = .missed
            default: return nil
            }
        }

        /// A person's answer, not the daemon's record of none.
        var isGivenByAPerson: Bool { self != .missed }
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
}
