import CSystemd
import Glibc

/// A program started without a shell, its standard output and error joined in one pipe.
///
/// The caller watches `output` with `EventLoop.addIO` and the exit with `EventLoop.addChild`
/// (sd-event owns SIGCHLD, so nothing else may wait for the child).
public struct ChildProcess: Sendable {
    public let pid: Int32
    /// The read end of the child's stdout/stderr pipe, non-blocking; the caller closes it.
    public let output: Int32

    /// Starts `argv[0]` (looked up in `PATH` when it has no slash) with exactly `environment`,
    /// standard input from /dev/null, every signal unblocked and SIGPIPE at its default.
    public static func spawn(_ argv: [String], environment: [String]) throws(SystemError) -> ChildProcess {
        precondition(!argv.isEmpty, "a child needs a program")
        var pipeEnds: [Int32] = [-1, -1]
        guard medd_pipe(&pipeEnds) == 0 else { throw SystemError("pipe2", errno: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGHUP, SIGTERM, SIGINT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A new process group, so a timeout can kill whatever the program started too.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var pid: pid_t = 0
        let result = withCStrings(argv) { arguments in
            withCStrings(environment) { variables in
                posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, variables)
            }
        }
        Glibc.close(pipeEnds[1])
        guard result == 0 else {
            Glibc.close(pipeEnds[0])
            throw SystemError("posix_spawnp \(argv[0])", errno: result)
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
