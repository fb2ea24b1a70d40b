/// Why the daemon could not start; the message says what to do, the exit status tells systemd.
public struct DaemonStartError: Error, Sendable, CustomStringConvertible {
    /// `EX_CONFIG`: the configuration is invalid (the unit does not restart on it).
    public static let configurationExitStatus: Int32 = 78
    public static let otherExitStatus: Int32 = 1

    public var description: String
    public var exitStatus: Int32

    init(_ description: String, exitStatus: Int32 = otherExitStatus) {
        self.description = description
        self.exitStatus = exitStatus
    }
}
