/// One mail submitted over SMTP: the server, the envelope, the message as it goes on the wire (headers,
/// a blank line, the body, CRLF line ends), the login, and the limits it runs under.
public struct MailRequest: Sendable {
    /// `smtps://host[:port]` or `smtp://host[:port]`.
    public var url: String
    public var from: String
    public var recipients: [String]
    public var message: [UInt8]
    /// Sent only when both are given; never part of the URL, so never logged.
    public var username: String?
    public var password: String?
    /// For `smtp://`: refuse to go on unless the server agrees to STARTTLS (always, but to a loopback host).
    public var requiresTLS = true
    public var caFile: String?
    public var timeoutMilliseconds: Int = 30_000

    public init(url: String, from: String, recipients: [String], message: [UInt8]) {
        self.url = url
        self.from = from
        self.recipients = recipients
        self.message = message
    }
}
