import CSystemd
import Glibc

/// A POSIX signal the daemon handles or sends.
public struct Signal: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let hangUp = Signal(rawValue: SIGHUP)
    public static let interrupt = Signal(rawValue: SIGINT)
    public static let kill = Signal(rawValue: SIGKILL)
    public static let brokenPipe = Signal(rawValue: SIGPIPE)
    public static let terminate = Signal(rawValue: SIGTERM)
    public static let child = Signal(rawValue: SIGCHLD)

    /// The signals the loop handles; `EventLoop.blockLoopSignals` blocks them.
    static let handledByLoop: [Signal] = [.child, .terminate, .interrupt, .hangUp]

    public var description: String {
        switch self {
        case .hangUp: "SIGHUP"
        case .interrupt: "SIGINT"
        case .kill: "SIGKILL"
        case .brokenPipe: "SIGPIPE"
        case .terminate: "SIGTERM"
        case .child: "SIGCHLD"
        default: "signal \(rawValue)"
        }
    }

    /// Ignores this signal while `body` runs, then puts back what the process did with it before.
    public func ignored<Value, Failure: Error>(during body: () throws(Failure) -> Value) throws(Failure) -> Value {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        sigaction(rawValue, &ignore, &previous)
        defer { sigaction(rawValue, &previous, nil) }
        return try body()
    }

    /// Makes the process ignore this signal (SIGPIPE: a write to a closed socket then fails with EPIPE).
    public func ignore() throws(SystemError) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_IGN
        guard sigaction(rawValue, &action, nil) == 0 else { throw SystemError("sigaction(\(self), SIG_IGN)", errno: errno) }
    }
}
