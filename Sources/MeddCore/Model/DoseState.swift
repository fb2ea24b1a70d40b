/// Where a dose is in its lifecycle: `planned` → `pending` ⇄ `snoozed` → one final state.
public enum DoseState: String, CaseIterable, Hashable, Sendable, Codable {
    case planned, pending, snoozed, taken, skipped, missed

    public var isFinal: Bool { self == .taken || self == .skipped || self == .missed }
    public var isOpen: Bool { self == .pending || self == .snoozed }
}
