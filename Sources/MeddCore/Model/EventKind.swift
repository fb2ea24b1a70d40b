/// The `MEDD_EVENT` values of the journal.
public enum EventKind: String, CaseIterable, Hashable, Sendable, Codable {
    case fired, renotified, snoozed, taken, skipped, missed
    /// A normal reminder still open `escalate_after` after its dose was due, shown again as critical.
    case escalated
    case lowStock = "low-stock"
    /// A medication's `expires` date is `expiry_warning` away, or has come.
    case expiring, expired
    /// An answer given on another device that lost to the dose's final answer (an earlier one, or
    /// one against a person's answer): recorded so that no answer is lost, changing nothing.
    case replaced
    /// A reading of a measurement; the last one a reminder to measure asks for answers it.
    case measured
    /// Units added to a medication's counted stock (`medctl refill`), without a change to the configuration.
    case refilled

    /// Shows a dose's reminder: the first time, again, or again as critical.
    public var isAlert: Bool { self == .fired || self == .renotified || self == .escalated }
    /// The final states a dose can end in.
    public var isFinal: Bool { self == .taken || self == .skipped || self == .missed }
    /// About a medication's `expires` date, not about a dose.
    public var isExpiry: Bool { self == .expiring || self == .expired }
    /// Tells something about a medication and changes no dose: `low-stock`, `expiring`, `expired`.
    public var isNotice: Bool { self == .lowStock || isExpiry }
    /// About a medication rather than a dose: a notice, or a refill of its stock. Its dose names the medication
    /// and a moment (a low-stock event's, the dose that crossed), and no dose record changes by it.
    public var isAboutMedication: Bool { isNotice || self == .refilled }
}

/// The journal identity of each event kind: its `MESSAGE_ID` and `PRIORITY`.
extension EventKind {
    /// The fixed 128-bit `MESSAGE_ID` of this kind, 32 lowercase hex digits.
    /// These never change: `units/medd.catalog` documents them and users filter on them.
    public var messageID: String {
        switch self {
        case .fired: "1570343c2d3f4857a8ddefd14135d38b"
        case .renotified: "82d2acc85b9142c9a4fdec7f355c2258"
        case .snoozed: "cedd599663e74898a3b0dae4cecaf15d"
        case .taken: "c213daac996b49b493985e0b78751488"
        case .skipped: "f05dd07f196f4aa4b5717cb9d59a8332"
        case .missed: "517174550f6948679ae7c8c6a9ec4c60"
        case .lowStock: "5b42fe476b64463ba55c8d8ed7d4bd1f"
        case .expiring: "70cf276aa07041a5b2183cb7ff173886"
        case .expired: "16185a90e81f48c8b7da9f17285cf940"
        case .escalated: "6bc87d36f6484574a2613d642ad40edd"
        case .replaced: "c5b9246dbd5a4426be8dfdfcc44e2376"
        case .measured: "9ce75801ee434e59840326e65738e61d"
        case .refilled: "b18f21141f464b2ca9c2a0b951fda903"
        }
    }

    /// The kind whose `MESSAGE_ID` this is, or nil.
    public init?(messageID: String) {
        guard let kind = Self.allCases.first(where: { $0.messageID == messageID.lowercased() }) else { return nil }
        self = kind
    }

    /// The syslog `PRIORITY`: 5 (notice) for alerts and `expiring`, 6 (info) for answers (replaced ones too),
    /// readings and refills, 4 (warning) for `escalated`, `missed`, `low-stock` and `expired`.
    public var journalPriority: Int {
        switch self {
        case .fired, .renotified, .expiring: 5
        case .taken, .skipped, .snoozed, .replaced, .measured, .refilled: 6
        case .escalated, .missed, .lowStock, .expired: 4
        }
    }
}
