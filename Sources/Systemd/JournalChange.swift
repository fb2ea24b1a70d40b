/// What `JournalReader.process()` or `wait(timeout:)` found: the `SD_JOURNAL_*` wake-up kinds.
public enum JournalChange: Hashable, Sendable {
    /// Nothing new (or the wait timed out).
    case none
    /// Entries were appended to files already open: `next()` returns them.
    case appended
    /// Files were added, removed or rotated; entries may also be new.
    case invalidated
}
