import ArgumentParser
import Systemd

/// Options every verb accepts, before or after the verb.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The daemon's control socket (default: $MEDD_SOCKET, else $XDG_RUNTIME_DIR/medd/control.sock).", valueName: "PATH"))
    var socket: String?

    @Flag(name: .long, help: "Print machine-readable JSON instead of a table.")
    var json = false

    /// "Now" and "today" follow the daemon this run talks to (see `LocalTimeText.now`).
    func validate() throws {
        LocalTimeText.followDaemon { try? self.socketPath() }
    }
}

extension GlobalOptions {
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

    /// `medctl [--socket PATH] [--json] VERB …`: ArgumentParser reads a verb's options only after
    /// the verb, so the global options written before it are moved behind it.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--json" || argument.hasPrefix("--socket=") {
                leading.append(argument)
            } else if argument == "--socket", index + 1 < arguments.endIndex {
                leading += [argument, arguments[index + 1]]
                index += 1
            } else {
                break
            }
            index += 1
        }
        guard index < arguments.endIndex, !leading.isEmpty else { return arguments }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }
}
