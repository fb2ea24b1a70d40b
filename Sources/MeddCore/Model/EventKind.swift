/// The `MEDD_EVENT` values of the journal.
public enum EventKind: String, CaseIterable, Hashable, Sendable, Codable {
    case fired, renotified, snoozed, taken, skipped, missed
    case lowStock = "low-stock"

    /// The final states a dose can end in.
    public var isFinal: Bool { self == .taken || self == .skipped || self == .missed }
}
