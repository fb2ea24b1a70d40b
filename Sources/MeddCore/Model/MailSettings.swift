/// The `[mail]` table: the server carers' mail is submitted to, as whom, and how medd-sync logs in.
public struct MailSettings: Hashable, Sendable {
    /// `smtps://HOST[:PORT]` (TLS from the start), or `smtp://HOST[:PORT]` with STARTTLS required but to a
    /// loopback host.
    public var url: WebURL
    /// The sender: an address, with a display name when written `medd <mum.medd@example.org>`.
    public var from: EmailAddress
    public var fromName: String?
    public var username: String?
    public var password: SyncSettings.PasswordSource?

    public init(url: WebURL, from: EmailAddress, fromName: String? = nil) {
        self.url = url
        self.from = from
        self.fromName = fromName
    }

    /// Whether the connection must be encrypted: always but for plain smtp to a loopback host.
    public var requiresTLS: Bool { url.scheme == .smtps || !url.isLoopback }

    /// `medd <mum.medd@example.org>` or `mum.medd@example.org` read into a name and an address; nil when
    /// the address is not one.
    public static func sender(parsing text: String) -> (name: String?, address: EmailAddress)? {
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else { return EmailAddress(parsing: text).map { (nil, $0) } }
        let address = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let written = text[..<open]
        let name = String(written.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard let parsed = EmailAddress(parsing: String(address)) else { return nil }
        let forbidden: Set<Unicode.Scalar> = ["<", ">", "\""]
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || forbidden.contains($0) }) else { return nil }
        return (name.isEmpty ? nil : name, parsed)
    }
}
