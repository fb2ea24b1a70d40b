/// What a server answered: the status, the headers of the final response (names lowercased) and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The schemes (of those libcurl knows as Basic and Digest) that the server's last challenge (a 401's
    /// WWW-Authenticate) named during the exchange, whether or not the request went on to answer it.
    public var offeredAuthentication: HTTPAuthentication

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                offeredAuthentication: HTTPAuthentication = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.offeredAuthentication = offeredAuthentication
    }

    /// The first header of that name (any case).
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    /// 2xx.
    public var succeeded: Bool { (200...299).contains(status) }
}
