/// One journal entry as read: its fields, when journald received it, and where it sits.
public struct JournalEntry: Hashable, Sendable {
    /// Every field, trusted (`_PID`) and not, keyed by name. A name that repeats (a multi-valued field)
    /// keeps the first value the journal lists.
    /// Values are decoded as UTF-8; bytes that are not valid UTF-8 become U+FFFD.
    public var fields: [String: String]
    /// `__REALTIME_TIMESTAMP`: microseconds since the Unix epoch.
    public var realtimeUsec: UInt64
    /// Opaque position for `JournalReader.seek(cursor:)`.
    public var cursor: String

    public init(fields: [String: String], realtimeUsec: UInt64, cursor: String) {
        self.fields = fields
        self.realtimeUsec = realtimeUsec
        self.cursor = cursor
    }

    public subscript(field: String) -> String? { fields[field] }
}
