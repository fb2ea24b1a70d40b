public import Logging
import Synchronization

/// A daemon's log output, chosen by where its standard error goes, so each message appears once and
/// in the form that place reads: journal entries under systemd, readable lines on a terminal.
public enum DaemonLog {
    /// The handler for `label`:
    /// - standard error is journald's stream: journal entries; a message the socket refuses goes to
    ///   the stream with its `<N>` priority, which journald reads;
    /// - a terminal: one readable line a message, and journal entries while journald is there;
    /// - a file or pipe: journal entries, and readable lines only while journald is missing.
    /// A missing journald is said once, not once a message.
    public static func handler(label: String, identifier: String = "medd", destination: StandardErrorDestination) -> any LogHandler {
        switch destination {
        case .journal:
            return JournalLogHandler(label: label, identifier: identifier)
        case .terminal:
            return MultiplexLogHandler([
                ReadableLineHandler(identifier: identifier),
                JournalLogHandler(label: label, identifier: identifier) { sayJournalIsMissing($0) },
            ])
        case .elsewhere:
            return JournalLogHandler(label: label, identifier: identifier) { unsent in
                sayJournalIsMissing(unsent)
                StandardErrorDestination.write(ReadableLineHandler.line(unsent.identifier, unsent.level, unsent.message))
            }
        }
    }

    private static let saidJournalIsMissing = Mutex(false)

    private static func sayJournalIsMissing(_ unsent: JournalLogHandler.Unsent) {
        guard saidJournalIsMissing.withLock({ said in
            defer { said = true }
            return !said
        }) else { return }
        StandardErrorDestination.write("\(unsent.identifier): log messages are not reaching the journal (\(unsent.reason)); they are written here only")
    }

    /// `medd: message`, with the level named from warnings up.
    struct ReadableLineHandler: LogHandler {
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        let identifier: String

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            StandardErrorDestination.write(Self.line(identifier, event.level, event.message.description))
        }

        static func line(_ identifier: String, _ level: Logger.Level, _ message: String) -> String {
            level >= .warning ? "\(identifier): \(level): \(message)" : "\(identifier): \(message)"
        }
    }
}
