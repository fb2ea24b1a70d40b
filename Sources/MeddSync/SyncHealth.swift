public import MeddCore
public import MeddControl

/// How syncing goes, for `medctl status`: the server, the last success, the last error.
public struct SyncHealth: Hashable, Sendable {
    public var server: String
    public var lastSuccess: Instant?
    public var lastError: String?
    public var lastErrorAt: Instant?
    /// Set while requests fail: since when.
    public var failingSince: Instant?
    /// Answers given on this machine that the server does not hold yet.
    public var waiting = 0

    public init(server: String) {
        self.server = server
    }
}

extension SyncHealth {
    /// The status file's content: what `medctl status` shows. Never holds a user name or password.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["server": .string(server), "waiting": .integer(waiting)]
        if let lastSuccess { object["lastSuccess"] = .string(lastSuccess.description) }
        if let lastError { object["lastError"] = .string(lastError) }
        if let lastErrorAt { object["lastErrorAt"] = .string(lastErrorAt.description) }
        if let failingSince { object["failingSince"] = .string(failingSince.description) }
        return .object(object)
    }
}
