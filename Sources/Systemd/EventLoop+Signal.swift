import CSystemd
import Glibc

extension EventLoop {
    /// Delivers `signal` (SIGTERM, SIGINT, SIGHUP, SIGCHLD…) through the loop. The signal is
    /// blocked for the process first, as sd-event requires, so it never interrupts other code.
    public func addSignal(_ signal: Int32, _ handler: @escaping (Int32) -> Void) throws(SystemError) -> LoopSource {
        try Self.block(signal)
        let callback = LoopCallback<Int32>(handler)
        let source = LoopSource(handler: callback)
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_event_add_signal", sd_event_add_signal(event, &pointer, signal, { _, info, userdata in
            LoopCallback<Int32>.from(userdata).body(Int32(bitPattern: info?.pointee.ssi_signo ?? 0))
            return 0
        }, callback.opaque))
        source.pointer = pointer
        return source
    }

    /// Calls `handler` with the exit status when child `pid` exits (or the negated signal that killed it).
    public func addChild(pid: Int32, _ handler: @escaping (Int32) -> Void) throws(SystemError) -> LoopSource {
        try Self.block(SIGCHLD)
        let callback = LoopCallback<Int32>(handler)
        let source = LoopSource(handler: callback)
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_event_add_child", sd_event_add_child(event, &pointer, pid, WEXITED, { _, info, userdata in
            let code = info?.pointee.si_code ?? 0
            let status = info?.pointee._sifields._sigchld.si_status ?? 0
            LoopCallback<Int32>.from(userdata).body(code == CLD_EXITED ? status : -status)
            return 0
        }, callback.opaque))
        source.pointer = pointer
        return source
    }

    /// Blocks the signals the loop will handle (SIGCHLD, SIGTERM, SIGINT, SIGHUP) in the calling
    /// thread. Call it first thing in `main`: threads inherit the mask, and a signal sent to the
    /// process is delivered to any thread that has it unblocked — one the loop never sees (a
    /// runtime worker thread would otherwise swallow a hook's SIGCHLD).
    public static func blockLoopSignals() throws(SystemError) {
        for signal in [SIGCHLD, SIGTERM, SIGINT, SIGHUP] { try block(signal) }
    }

    static func block(_ signal: Int32) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        let result = pthread_sigmask(SIG_BLOCK, &set, nil)
        if result != 0 { throw SystemError("pthread_sigmask", errno: result) }
    }
}
