public import Logging
import Synchronization

/// A swift-log handler that writes each message as one journal entry through the non-blocking
/// journal socket (the loop never waits on a busy journald).
///
/// `PRIORITY` follows the level, `SYSLOG_IDENTIFIER` is configurable, and each metadata key becomes a
/// field named `fieldPrefix + KEY` made valid (`request-id` → `MEDD_REQUEST_ID`) with its value intact.
public struct JournalLogHandler: LogHandler {
    /// A message journald did not take, and why.
    public struct Unsent: Sendable {
        public var identifier: String
        public var level: Logger.Level
        public var message: String
        public var reason: String

        /// `medd: <3>message (journal: reason)`: the form journald's stream reads, priority included.
        public var line: String { "\(identifier): <\(JournalLogHandler.priority(level))>\(message) (journal: \(reason))" }
    }

    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var label: String
    public var identifier: String
    public var fieldPrefix: String
    private let fallback: @Sendable (Unsent) -> Void

    /// One connection for every handler: log calls may come from any thread.
    private static let journal = Mutex(JournalSocket())

    /// `fallback` receives a message journald did not take (default: its `line` on standard error).
    public init(label: String, identifier: String = "medd", fieldPrefix: String = "MEDD_",
                metadataProvider: Logger.MetadataProvider? = nil,
                fallback: @escaping @Sendable (Unsent) -> Void = { StandardErrorDestination.write($0.line) }) {
        self.label = label
        self.identifier = identifier
        self.fieldPrefix = fieldPrefix
        self.metadataProvider = metadataProvider
        self.fallback = fallback
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = journalFields(for: event)
            + JournalWriter.codeLocation(file: event.file, line: Int(event.line), function: event.function)
        let reason: String
        switch Self.journal.withLock({ $0.send(fields) }) {
        case .sent: return
        case .wouldBlock: reason = "journald's queue is full"
        case .unavailable(let error): reason = "\(error)"
        case .refused(let why): reason = why
        }
        fallback(Unsent(identifier: identifier, level: event.level, message: event.message.description, reason: reason))
    }

    /// The entry's fields before `CODE_*`.
    func journalFields(for event: LogEvent) -> [(String, String)] {
        var merged = metadataProvider?.get() ?? [:]
        merged.merge(metadata) { _, handler in handler }
        merged.merge(event.metadata ?? [:]) { _, call in call }
        var fields: [(String, String)] = [
            ("MESSAGE", event.message.description),
            ("PRIORITY", String(Self.priority(event.level))),
            ("SYSLOG_IDENTIFIER", identifier),
            ("SWIFT_LOG_LABEL", label),
            ("SWIFT_LOG_SOURCE", event.source),
        ]
        if let error = event.error { fields.append((JournalFieldName.sanitized("ERROR", prefix: fieldPrefix), "\(error)")) }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            // A `.string` value's description is the string itself, newlines and all.
            fields.append((JournalFieldName.sanitized(key, prefix: fieldPrefix), value.description))
        }
        return fields
    }

    /// syslog levels: swift-log has no alert or emergency.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
