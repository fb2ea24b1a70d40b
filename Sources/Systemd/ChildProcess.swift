import CSystemd
import Glibc

/// A program started without a shell, its standard output in a pipe (its standard error too, or left
/// as this process's: `Errors`).
///
/// The caller watches `output` with `EventLoop.addIO` and the exit with `EventLoop.addChild`
/// (sd-event owns SIGCHLD, so nothing else may wait for the child).
public struct ChildProcess: Sendable {
    public let pid: Int32
    /// The read end of the child's stdout/stderr pipe, non-blocking; the caller closes it.
    public let output: Int32

    /// Where the child's standard error goes.
    public enum Errors: Sendable {
        /// Into `output`, after or between what it writes on standard output.
        case joined
        /// To this process's standard error (the journal, under systemd): `output` is only what it
        /// writes on standard output, such as a password.
        case inherited
    }

    /// Starts `argv[0]` (looked up in `PATH` when it has no slash) with exactly `environment`,
    /// standard input from /dev/null, every signal unblocked and SIGPIPE at its default, in a process
    /// group of its own (so a timeout can kill whatever it started too). It gets SIGTERM when the
    /// calling thread ends, so it never outlives medd (killed or not), as under systemd, which stops the
    /// whole control group of a service whose main process died.
    public static func spawn(_ argv: [String], environment: [String], errors: Errors = .joined) throws(SystemError) -> ChildProcess {
        precondition(!argv.isEmpty, "a child needs a program")
        var pipeEnds: [Int32] = [-1, -1]
        guard medd_pipe(&pipeEnds) == 0 else { throw SystemError("pipe2", errno: errno) }
        let pid = withCStrings(argv) { arguments in
            withCStrings(environment) { variables in
                medd_spawn_tied(argv[0], arguments, variables, pipeEnds[1], errors == .joined ? pipeEnds[1] : -1, SIGTERM)
            }
        }
        Glibc.close(pipeEnds[1])
        guard pid > 0 else {
            Glibc.close(pipeEnds[0])
            throw SystemError("exec \(argv[0])", errno: -pid)
        }
        return ChildProcess(pid: pid, output: pipeEnds[0])
    }

    /// Sends `signal` to the child's whole process group.
    public func kill(_ signal: Signal) {
        _ = Glibc.kill(-pid, signal.rawValue)
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
