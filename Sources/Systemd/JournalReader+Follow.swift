import CSystemd

/// Following new entries. For an event loop: watch `fileDescriptor()` for `pollEvents()` (and wake by
/// `timeoutUsec()` if set), then call `process()` and read on with `next()` after `.appended`/`.invalidated`.
extension JournalReader {
    /// The inotify descriptor to wait on. Call it before the first `next()` so no append is missed.
    public func fileDescriptor() throws(SystemError) -> Int32 {
        try SystemError.check("sd_journal_get_fd", sd_journal_get_fd(handle))
    }

    /// The `poll(2)` events to wait for on `fileDescriptor()`.
    public func pollEvents() throws(SystemError) -> Int16 {
        Int16(truncatingIfNeeded: try SystemError.check("sd_journal_get_events", sd_journal_get_events(handle)))
    }

    /// An absolute `CLOCK_MONOTONIC` deadline (µs) by which to call `process()` even if the descriptor stays quiet;
    /// nil for none. Needed when files live where inotify does not reach (network file systems).
    public func timeoutUsec() throws(SystemError) -> UInt64? {
        var usec: UInt64 = 0
        _ = try SystemError.check("sd_journal_get_timeout", sd_journal_get_timeout(handle, &usec))
        return usec == UInt64.max ? nil : usec
    }

    /// Consumes the descriptor's events and says what changed.
    public func process() throws(SystemError) -> JournalChange {
        Self.change(try SystemError.check("sd_journal_process", sd_journal_process(handle)))
    }

    /// Blocks until the journal changes or `timeout` passes (nil: no limit); `.none` on timeout.
    public func wait(timeout: Duration?) throws(SystemError) -> JournalChange {
        var usec = UInt64.max
        if let (seconds, attoseconds) = timeout?.components {
            usec = seconds < 0 ? 0 : UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000)
        }
        return Self.change(try SystemError.check("sd_journal_wait", sd_journal_wait(handle, usec)))
    }

    private static func change(_ code: Int32) -> JournalChange {
        switch code {
        case Int32(SD_JOURNAL_APPEND): .appended
        case Int32(SD_JOURNAL_INVALIDATE): .invalidated
        default: .none
        }
    }
}

/// What `JournalReader.process()` or `wait(timeout:)` found: the `SD_JOURNAL_*` wake-up kinds.
public enum JournalChange: Hashable, Sendable {
    /// Nothing new (or the wait timed out).
    case none
    /// Entries were appended to files already open: `next()` returns them.
    case appended
    /// Files were added, removed or rotated; entries may also be new.
    case invalidated
}
