/// What a server answered: the status, the headers of the final response (names lowercased) and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header of that name (any case).
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    /// 2xx.
    public var succeeded: Bool { (200...299).contains(status) }
}
