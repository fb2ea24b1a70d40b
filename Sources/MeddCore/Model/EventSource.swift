/// Who caused an event: `MEDD_SOURCE`.
public enum EventSource: String, CaseIterable, Hashable, Sendable, Codable {
    case daemon, cli, desktop, hook
}
