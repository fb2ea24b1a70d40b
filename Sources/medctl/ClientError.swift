import MeddControl

/// Why a call to the daemon failed, with the exit status CONTRACT section 8 gives it.
enum ClientError: Error {
    /// No socket path: no --socket, no $MEDD_SOCKET, no $XDG_RUNTIME_DIR.
    case noSocketPath
    /// Nothing listens at the path (missing, refused, not a socket, no permission).
    case unreachable(path: String, reason: String)
    /// The daemon answered with a Varlink error.
    case daemon(name: String, parameters: [String: JSONValue])
    /// The daemon closed the connection or sent something that is not a reply.
    case protocolFailure(path: String, reason: String)

    var exitStatus: Int32 {
        switch self {
        case .noSocketPath, .unreachable, .protocolFailure: 69
        case .daemon: 1
        }
    }

    var message: String {
        switch self {
        case .noSocketPath:
            return """
                medctl: no control socket to connect to: $XDG_RUNTIME_DIR is not set; \
                pass --socket PATH or set MEDD_SOCKET
                """
        case .unreachable(let path, let reason):
            return """
                medctl: cannot reach medd at \(path): \(reason)
                Start it with: systemctl --user start medd.socket   (or run `medd` in a terminal)
                """
        case .protocolFailure(let path, let reason):
            return "medctl: medd at \(path) did not answer properly: \(reason)"
        case .daemon(let name, let parameters):
            return "medctl: " + DaemonErrorText.describe(name, parameters)
        }
    }
}
