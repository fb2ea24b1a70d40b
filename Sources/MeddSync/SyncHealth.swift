public import MeddCore

/// How syncing goes, for `medctl status`: the server, the last success, the last error.
public struct SyncHealth: Hashable, Sendable {
    public var server: String
    public var lastSuccess: Instant?
    public var lastError: String?
    public var lastErrorAt: Instant?
    /// Set while requests fail: since when.
    public var failingSince: Instant?

    public init(server: String) {
        self.server = server
    }
}
