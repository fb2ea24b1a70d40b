/// A copy of the ledger being written while the daemon keeps using it, a bounded part per `step`,
/// so the loop that takes answers is never held for the whole copy. Every commit made before the
/// step that finishes it is in the copy.
public protocol LedgerBackup: AnyObject {
    /// Copies up to `pages` more pages of the ledger (or its share of a whole in-memory store).
    func step(pages: Int) throws(LedgerError) -> LedgerBackupProgress
    /// Stops a copy that is not finished and removes its file.
    func abandon()
}

/// Where a backup stands after one step.
public enum LedgerBackupProgress: Sendable, Equatable {
    /// `remaining` of `total` pages are still to be copied.
    case copying(remaining: Int, total: Int)
    /// A lock held elsewhere kept this step from copying; step again a little later.
    case busy
    /// The copy is complete and on disk.
    case finished(LedgerBackupSummary)
}

/// What a finished backup holds.
public struct LedgerBackupSummary: Sendable, Equatable {
    /// The copy's path.
    public var path: String
    public var bytes: Int
    /// Rows of the copy's event log and of its dose table.
    public var events: Int
    public var doses: Int
    /// The copy's schema version, such as "v3".
    public var schema: String

    public init(path: String, bytes: Int, events: Int, doses: Int, schema: String) {
        self.path = path
        self.bytes = bytes
        self.events = events
        self.doses = doses
        self.schema = schema
    }
}
