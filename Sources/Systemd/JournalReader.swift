import CSystemd
import Glibc

/// Reads the journal through `sd_journal`: matches, seeking, forward iteration, following.
///
/// Not `Sendable`: an `sd_journal` belongs to the thread that uses it, like the event loop.
public final class JournalReader {
    let handle: OpaquePointer

    /// The journal a user reads as themselves: the local machine's system and user files they may read
    /// (`SD_JOURNAL_LOCAL_ONLY`).
    public convenience init() throws(SystemError) {
        var handle: OpaquePointer?
        _ = try SystemError.check("sd_journal_open", sd_journal_open(&handle, Int32(SD_JOURNAL_LOCAL_ONLY)))
        try self.init(handle: handle)
    }

    /// The journal files in one directory and its machine-ID subdirectories, e.g. `/var/log/journal`,
    /// `/run/log/journal/<machine-id>`, or `systemd-journal-remote`'s output directory.
    public convenience init(directory: String) throws(SystemError) {
        var handle: OpaquePointer?
        _ = try SystemError.check("sd_journal_open_directory(\(directory))",
                                  sd_journal_open_directory(&handle, directory, 0))
        try self.init(handle: handle)
    }

    /// These journal files alone, interleaved as one journal: files copied from another machine, or
    /// written by `systemd-journal-remote`. A file that is missing or not a journal fails the whole open.
    public convenience init(files: [String]) throws(SystemError) {
        var handle: OpaquePointer?
        let paths = files.map { strdup($0) }
        defer { paths.forEach { free($0) } }
        var arguments: [UnsafePointer<CChar>?] = paths.map { UnsafePointer($0) } + [nil]
        _ = try SystemError.check("sd_journal_open_files", sd_journal_open_files(&handle, &arguments, 0))
        try self.init(handle: handle)
    }

    private init(handle: OpaquePointer?) throws(SystemError) {
        guard let handle else { throw SystemError("sd_journal_open", errno: EINVAL) }
        self.handle = handle
        // The default threshold cuts values at 64 KiB; an entry must come back whole.
        sd_journal_set_data_threshold(handle, 0)
    }

    deinit { sd_journal_close(handle) }

    public func seekHead() throws(SystemError) {
        _ = try SystemError.check("sd_journal_seek_head", sd_journal_seek_head(handle))
    }

    /// After this, `next()` returns only entries written later (follow mode).
    public func seekTail() throws(SystemError) {
        _ = try SystemError.check("sd_journal_seek_tail", sd_journal_seek_tail(handle))
    }

    /// `next()` then returns the first entry at or after `realtimeUsec` (microseconds since the epoch).
    public func seek(realtimeUsec: UInt64) throws(SystemError) {
        _ = try SystemError.check("sd_journal_seek_realtime_usec", sd_journal_seek_realtime_usec(handle, realtimeUsec))
    }

    /// `next()` then returns the entry at `cursor` (or the nearest one if it is gone).
    public func seek(cursor: String) throws(SystemError) {
        _ = try SystemError.check("sd_journal_seek_cursor", sd_journal_seek_cursor(handle, cursor))
    }

    /// Moves forward one entry that passes the matches and reads it; nil at the end.
    public func next() throws(SystemError) -> JournalEntry? {
        guard try SystemError.check("sd_journal_next", sd_journal_next(handle)) > 0 else { return nil }
        return try currentEntry()
    }

    /// Moves back one entry that passes the matches and reads it; nil at the start.
    public func previous() throws(SystemError) -> JournalEntry? {
        guard try SystemError.check("sd_journal_previous", sd_journal_previous(handle)) > 0 else { return nil }
        return try currentEntry()
    }

    /// Every matching entry with `since <= realtime < until`, oldest first (nil bounds are open).
    public func entries(sinceUsec since: UInt64? = nil, untilUsec until: UInt64? = nil) throws(SystemError) -> [JournalEntry] {
        if let since { try seek(realtimeUsec: since) } else { try seekHead() }
        var result: [JournalEntry] = []
        while let entry = try next() {
            if let until, entry.realtimeUsec >= until { break }
            result.append(entry)
        }
        return result
    }
}
