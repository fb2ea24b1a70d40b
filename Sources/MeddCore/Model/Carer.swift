/// A `[carer.ID]` table: someone else who hears of a dose still open `after` its due time or missed, of
/// the all-clear when such a dose is answered after all, and, with `summary`, of each day's doses. medd
/// itself only validates it; medd-sync, medd's network program, sends the messages.
public struct Carer: Hashable, Sendable {
    /// The key of its table: written like a medication ID.
    public var id: String
    /// What messages call the carer; nil when the table gives none.
    public var name: String?
    /// Where mail goes (needs `[mail]`).
    public var email: EmailAddress?
    public var ntfy: Ntfy?
    /// A program run without a shell for each message, the message in `MEDD_CARER_*` variables.
    public var command: [String]?
    /// Whose doses: a person label medications name; nil for everyone's.
    public var person: String?
    /// How long after its due time a dose still open is told of; zero: only when it is missed.
    public var after: TimeSpan = Carer.defaultAfter
    /// The local time of a daily summary, when there is one.
    public var summary: WallTime?
    /// Whether messages name the medications (off: "the 08:00 dose is still open").
    public var details = false
    /// The language of the carer's messages (`de`, `pt_BR`); nil for the system's.
    public var language: String?

    public static let defaultAfter = TimeSpan.hours(1)

    public init(id: String) {
        self.id = id
    }

    /// An ntfy topic to publish to.
    public struct Ntfy: Hashable, Sendable {
        /// The topic's URL: https, or http to a loopback host.
        public var url: WebURL
        /// A file holding an access token for a protected topic, readable by its owner only.
        public var tokenFile: String?

        public init(url: WebURL, tokenFile: String? = nil) {
            self.url = url
            self.tokenFile = tokenFile
        }
    }

    /// The ways the carer is reached.
    public var hasChannel: Bool { email != nil || ntfy != nil || command != nil }
}

/// An email address as a person writes it in a configuration: `local@domain`, with no display name,
/// spaces, angle brackets or control characters, the domain made of dot-separated labels.
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty, local.utf8.count <= 64,
              text.utf8.count <= 254, !local.hasPrefix("."), !local.hasSuffix("."), !local.containsText(".."),
              local.unicodeScalars.allSatisfy(Self.isLocalCharacter) else { return nil }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" }
        }) else { return nil }
        description = text
    }

    /// Letters and digits of any script, and the punctuation RFC 5322 allows in an unquoted local part.
    private static func isLocalCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+/=?^_`{|}~.-".unicodeScalars.contains(scalar)
    }
}
