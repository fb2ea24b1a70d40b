/// Units on hand of one medication: the configured `stock` when counting (re)started, less
/// `per_dose` for every dose taken since. Derived from events, so a replay counts the same.
public struct StockCount: Hashable, Sendable, Codable {
    /// The configuration's `stock` when counting started; a different value restarts the count.
    public var configured: Int
    /// Doses taken before this instant were counted against an earlier `stock`.
    public var since: Instant
    public var level: Int

    public init(configured: Int, since: Instant) {
        self.configured = configured
        self.since = since
        self.level = configured
    }
}
