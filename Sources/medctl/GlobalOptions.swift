import MeddCommandLine
import Systemd

/// Options every verb accepts, before or after the verb.
struct GlobalOptions {
    /// `--socket PATH`.
    var socket: String?
    /// `--json`.
    var json = false

    init(_ arguments: ParsedArguments) {
        socket = arguments.string("socket")
        json = arguments.flag("json")
    }

    /// `--socket`, else `$MEDD_SOCKET`, else `$XDG_RUNTIME_DIR/medd/control.sock` .
    func socketPath(environment: [String: String] = ProcessEnvironment.variables) throws(ClientError) -> String {
        if let socket { return socket }
        if let path = environment["MEDD_SOCKET"], !path.isEmpty { return path }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { throw .noSocketPath }
        return runtime + "/medd/control.sock"
    }

    /// A connection to the daemon.
    func connect() throws(ClientError) -> ControlClient {
        try ControlClient(path: socketPath())
    }
}
