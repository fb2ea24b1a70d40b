/// One HTTP request: the method, the absolute URL, headers and body, and the limits it runs under.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Sent when both are given, with a scheme of `authentication`; never part of the URL, so never logged.
    public var username: String?
    public var password: String?
    /// The schemes the password may go with. Basic alone goes with the request; Digest answers the
    /// server's challenge (a 401 first). With both, libcurl asks the server first and answers with the
    /// strongest scheme it offers; a server that offers none of them gets no password, and its 401
    /// says what it offered (`HTTPResponse.offeredAuthentication`).
    public var authentication: HTTPAuthentication = .basic
    /// A PEM file of certificate authorities to trust instead of the system's.
    public var caFile: String?
    /// The whole exchange, connecting included, must end within this many milliseconds.
    public var timeoutMilliseconds: Int = 30_000
    /// A response body longer than this ends the transfer with `HTTPError.responseTooLarge`.
    public var responseLimit: Int = 8 * 1024 * 1024

    public init(method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
