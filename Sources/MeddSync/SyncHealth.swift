public import MeddCore

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
