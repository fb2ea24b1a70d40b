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
    /// How many ledger pages a backup copies per loop turn (tests make it small to stretch a backup).
    public var backupPagesPerStep: Int
    public static let defaultBackupPagesPerStep = LedgerBackups.defaultPagesPerStep

    public init(configPath: String, stateDirectory: String, socketPath: String, desktop: Bool = true,
                pretendNow: Instant? = nil, echoEvents: Bool = false, backupPagesPerStep: Int = defaultBackupPagesPerStep) {
        self.configPath = configPath
        self.stateDirectory = stateDirectory
        self.socketPath = socketPath
        self.desktop = desktop
        self.pretendNow = pretendNow
        self.echoEvents = echoEvents
        self.backupPagesPerStep = max(1, backupPagesPerStep)
    }
}
