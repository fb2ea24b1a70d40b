import Systemd

/// Where medd's files live by default (XDG base directories), from the XDG environment.
public struct DefaultPaths: Sendable {
    public let environment: [String: String]

    public init(environment: [String: String]) { self.environment = environment }

    /// `$XDG_CONFIG_HOME/medd/medd.toml`, else `~/.config/medd/medd.toml`.
    public var config: String? {
        base("XDG_CONFIG_HOME", fallback: ".config").map { "\($0)/medd/medd.toml" }
    }

    /// `$XDG_STATE_HOME/medd`, else `~/.local/state/medd`.
    public var stateDirectory: String? {
        base("XDG_STATE_HOME", fallback: ".local/state").map { "\($0)/medd" }
    }

    /// medd-sync's own: `$STATE_DIRECTORY` (systemd's `StateDirectory=`), else `$XDG_STATE_HOME/medd-sync`,
    /// else `~/.local/state/medd-sync`.
    public var syncStateDirectory: String? {
        nonEmpty("STATE_DIRECTORY").map { String($0.split(separator: ":").first ?? "") } ?? base("XDG_STATE_HOME", fallback: ".local/state").map { "\($0)/medd-sync" }
    }

    /// `$XDG_RUNTIME_DIR/medd/control.sock`; there is no fallback for the runtime directory.
    public var socket: String? {
        nonEmpty("XDG_RUNTIME_DIR").map { "\($0)/medd/control.sock" }
    }

    /// Where medd-sync tells how syncing goes, for `medctl status`: beside the control socket it uses.
    public static func syncStatus(besideSocket socket: String) -> String {
        FileSystem.directory(of: socket) + "/sync-status.json"
    }

    /// Where medd-sync tells how its messages to carers go, for `medctl status`: beside the control socket.
    public static func carersStatus(besideSocket socket: String) -> String {
        FileSystem.directory(of: socket) + "/carers-status.json"
    }

    private func base(_ variable: String, fallback: String) -> String? {
        // The XDG spec says relative values are invalid and must be ignored.
        if let value = nonEmpty(variable), value.hasPrefix("/") { return value }
        return nonEmpty("HOME").map { "\($0)/\(fallback)" }
    }

    private func nonEmpty(_ variable: String) -> String? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        return value
    }
}
