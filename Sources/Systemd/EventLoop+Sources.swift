import CSystemd
import Glibc

/// The loop's event sources. Each `add…` returns a `LoopSource`; dropping it removes the source.
extension EventLoop {
    /// Calls `handler` with the ready events whenever `descriptor` is ready for `events`.
    public func addIO(descriptor: Int32, events: IOEvents = .readable,
                      _ handler: @escaping (IOEvents) -> Void) throws(SystemError) -> LoopSource {
        try addSource("sd_event_add_io", { (revents: UInt32) in handler(IOEvents(rawValue: revents)) }) { pointer, userdata in
            sd_event_add_io(event, pointer, descriptor, events.rawValue, { _, _, revents, userdata in
                LoopCallback<UInt32>.from(userdata).body(revents)
                return 0
            }, userdata)
        }
    }

    /// Calls `handler` once at the absolute wall-clock instant `usec`, with the instant the loop
    /// woke at. `accuracyUsec` of 1 asks sd-event not to coalesce it with other wake-ups.
    public func addTimer(atRealtimeUsec usec: UInt64, accuracyUsec: UInt64 = 1,
                         _ handler: @escaping (UInt64) -> Void) throws(SystemError) -> LoopSource {
        try addSource("sd_event_add_time", handler) { pointer, userdata in
            sd_event_add_time(event, pointer, CLOCK_REALTIME, usec, accuracyUsec, Self.timerFired, userdata)
        }
    }

    /// Calls `handler` once, `usec` microseconds from now on the monotonic clock: a duration (a deadline
    /// for a program) that no step of the wall clock may stretch or cut short.
    public func addTimer(afterUsec usec: UInt64, accuracyUsec: UInt64 = 1,
                         _ handler: @escaping (UInt64) -> Void) throws(SystemError) -> LoopSource {
        try addSource("sd_event_add_time_relative", handler) { pointer, userdata in
            sd_event_add_time_relative(event, pointer, CLOCK_MONOTONIC, usec, accuracyUsec, Self.timerFired, userdata)
        }
    }

    private static let timerFired: sd_event_time_handler_t = { _, usec, userdata in
        LoopCallback<UInt64>.from(userdata).body(usec)
        return 0
    }

    /// Calls `handler` with the changed entry's name for `events` in the directory `path`.
    public func addInotify(path: String, events: FileEvents, _ handler: @escaping (String) -> Void) throws(SystemError) -> LoopSource {
        try addSource("sd_event_add_inotify(\(path))", handler) { pointer, userdata in
            sd_event_add_inotify(event, pointer, path, events.rawValue, { _, inotifyEvent, userdata in
                var name = ""
                if let inotifyEvent, inotifyEvent.pointee.len > 0 {
                    // The name follows the struct in the kernel's buffer: read it in place, never from a copy.
                    let raw = UnsafeRawPointer(inotifyEvent).advanced(by: MemoryLayout<inotify_event>.size)
                    name = String(cString: raw.assumingMemoryBound(to: CChar.self))
                }
                LoopCallback<String>.from(userdata).body(name)
                return 0
            }, userdata)
        }
    }

    /// Delivers `signal` through the loop. The signal is blocked for the process first, as
    /// sd-event requires, so it never interrupts other code.
    public func addSignal(_ signal: Signal, _ handler: @escaping (Signal) -> Void) throws(SystemError) -> LoopSource {
        try Self.block(signal)
        return try addSource("sd_event_add_signal", { (number: Int32) in handler(Signal(rawValue: number)) }) { pointer, userdata in
            sd_event_add_signal(event, pointer, signal.rawValue, { _, info, userdata in
                LoopCallback<Int32>.from(userdata).body(Int32(bitPattern: info?.pointee.ssi_signo ?? 0))
                return 0
            }, userdata)
        }
    }

    /// Calls `handler` with the exit status when child `pid` exits (or the negated signal that killed it).
    public func addChild(pid: Int32, _ handler: @escaping (Int32) -> Void) throws(SystemError) -> LoopSource {
        try Self.block(.child)
        return try addSource("sd_event_add_child", handler) { pointer, userdata in
            sd_event_add_child(event, pointer, pid, WEXITED, { _, info, userdata in
                let code = info?.pointee.si_code ?? 0
                let status = info?.pointee._sifields._sigchld.si_status ?? 0
                LoopCallback<Int32>.from(userdata).body(code == CLD_EXITED ? status : -status)
                return 0
            }, userdata)
        }
    }

    /// Blocks the signals the loop will handle (SIGCHLD, SIGTERM, SIGINT, SIGHUP) in the calling
    /// thread. Call it first thing in `main`: threads inherit the mask, and a signal sent to the
    /// process is delivered to any thread that has it unblocked — one the loop never sees (a
    /// runtime worker thread would otherwise swallow a hook's SIGCHLD).
    public static func blockLoopSignals() throws(SystemError) {
        for signal in Signal.handledByLoop { try block(signal) }
    }

    static func block(_ signal: Signal) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal.rawValue)
        let result = pthread_sigmask(SIG_BLOCK, &set, nil)
        if result != 0 { throw SystemError("pthread_sigmask", errno: result) }
    }

    /// The pattern every `sd_event_add_*` shares: the handler boxed in a `LoopCallback` passed as
    /// userdata, kept alive by the returned source, which owns the sd-event source.
    func addSource<Argument>(_ call: String, _ handler: @escaping (Argument) -> Void,
                             _ add: (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutableRawPointer) -> Int32) throws(SystemError) -> LoopSource {
        let callback = LoopCallback<Argument>(handler)
        let source = LoopSource(handler: callback)
        var pointer: OpaquePointer?
        _ = try SystemError.check(call, add(&pointer, callback.opaque))
        source.pointer = pointer
        return source
    }
}
