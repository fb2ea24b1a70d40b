public import MeddCore

/// Where the daemon finds its configuration, ledger and socket, and how it runs.
public struct DaemonOptions: Sendable {
    public var configPath: String
    public var stateDirectory: String
    public var socketPath: String
    public var desktop: Bool
    /// Start the clock at this instant and run at real speed from there (`--pretend-now`).
    public var pretendNow: Instant?
    /// Also print each dose event on standard error (when it is a terminal).
    public var echoEvents: Bool

    public init(configPath: String, stateDirectory: String, socketPath: String, desktop: Bool = true,
                pretendNow: Instant? = nil, echoEvents: Bool = false) {
        self.configPath = configPath
        self.stateDirectory = stateDirectory
        self.socketPath = socketPath
        self.desktop = desktop
        self.pretendNow = pretendNow
        self.echoEvents = echoEvents
    }
}
