/// Why a request got no response.
public enum HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer within the request's timeout.
    case timedOut(milliseconds: Int)
    /// The body went past the request's limit; the transfer was stopped there.
    case responseTooLarge(limit: Int)
    /// The server's certificate could not be verified (self-signed, expired, another host's name…).
    case certificate(String)
    /// The server could not be reached (refused, no route, name not found).
    case unreachable(String)
    /// A mail server said no: its reply code (535 for a login it refused) and libcurl's words.
    case refused(code: Int, String)
    /// Anything else libcurl reports, in its own words.
    case failed(String)

    public var description: String {
        switch self {
        case .timedOut(let milliseconds):
            "no answer within \(milliseconds / 1000) s"
        case .responseTooLarge(let limit):
            "the answer is larger than \(limit / 1024 / 1024) MiB; stopped reading it"
        case .certificate(let reason):
            "the server's certificate is not trusted (\(reason)); if it is signed by a private authority, name its "
                + "certificate with ca_file in [sync]"
        case .unreachable(let reason):
            "cannot connect (\(reason))"
        case .refused(let code, let reason):
            code == 535 || code == 530
                ? "the mail server refused the login (\(code)); check username and the password in [mail]"
                : "the mail server refused the mail (\(code): \(reason))"
        case .failed(let reason):
            reason
        }
    }
}
