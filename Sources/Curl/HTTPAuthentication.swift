/// The HTTP authentication schemes a request may send its password with (RFC 7617 Basic, RFC 7616
/// Digest); libcurl does the work of each.
public struct HTTPAuthentication: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The password itself goes with the request (in base64): readable by anyone on the way, unless
    /// the connection is encrypted.
    public static let basic = HTTPAuthentication(rawValue: 1 << 0)
    /// A hash that proves the password for this one request, after the server's challenge; the password
    /// itself never goes.
    public static let digest = HTTPAuthentication(rawValue: 1 << 1)
}
