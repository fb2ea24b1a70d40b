import Glibc
public import Logging

/// A swift-log handler that writes each message as one journal entry through `JournalWriter`.
///
/// `PRIORITY` follows the level, `SYSLOG_IDENTIFIER` is configurable, and each metadata key becomes a
/// field named `fieldPrefix + KEY` made valid (`request-id` → `MEDD_REQUEST_ID`) with its value intact.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var label: String
    public var identifier: String
    public var fieldPrefix: String
    private let writer: JournalWriter
    private let fallback: @Sendable (String) -> Void

    /// `fallback` receives a one-line rendering of an entry journald did not take (default: standard error).
    public init(label: String, identifier: String = "medd", fieldPrefix: String = "MEDD_",
                metadataProvider: Logger.MetadataProvider? = nil, writer: JournalWriter = JournalWriter(),
                fallback: @escaping @Sendable (String) -> Void = JournalLogHandler.writeToStandardError) {
        self.label = label
        self.identifier = identifier
        self.fieldPrefix = fieldPrefix
        self.metadataProvider = metadataProvider
        self.writer = writer
        self.fallback = fallback
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = journalFields(for: event)
        do {
            try writer.send(fields, file: event.file, line: Int(event.line), function: event.function)
        } catch {
            fallback("\(identifier): <\(Self.priority(event.level))>\(event.message) (journal: \(error))")
        }
    }

    /// The entry's fields before the writer adds `CODE_*`.
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

    /// The default fallback: the line on standard error, where a service manager still collects it.
    @Sendable public static func writeToStandardError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
