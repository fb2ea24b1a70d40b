import CSystemd
import Glibc

/// medd's one event loop: sd-event, owned by the thread that runs it.
///
/// Timers run on `CLOCK_REALTIME` at absolute instants (microseconds since the epoch), so a
/// due time stays right across suspend; nothing here polls — an idle loop sleeps in `epoll_wait`.
public final class EventLoop: @unchecked Sendable {
    // @unchecked: sd-event objects must stay on one thread; the loop and every source are only
    // touched from the thread that calls `run()` (or before it starts).
    let event: OpaquePointer

    public init() throws(SystemError) {
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_event_new", sd_event_new(&pointer))
        event = pointer!
    }

    deinit { sd_event_unref(event) }

    /// Runs until `exit(code:)`; returns the exit code.
    public func run() throws(SystemError) -> Int32 {
        try SystemError.check("sd_event_loop", sd_event_loop(event))
    }

    /// Runs one iteration, waiting at most `timeoutUsec` (for tests and embedding).
    @discardableResult
    public func runOnce(timeoutUsec: UInt64) throws(SystemError) -> Int32 {
        try SystemError.check("sd_event_run", sd_event_run(event, timeoutUsec))
    }

    public func exit(code: Int32 = 0) {
        sd_event_exit(event, code)
    }

    /// The loop's idea of the wall clock, in microseconds since the epoch (cached per iteration).
    public var realtimeUsec: UInt64 {
        var now: UInt64 = 0
        return sd_event_now(event, CLOCK_REALTIME, &now) < 0 ? Self.wallClockUsec() : now
    }

    /// The wall clock read now (not the loop's cached iteration time), in microseconds since the epoch.
    public static func wallClockUsec() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(spec.tv_sec) * 1_000_000 + UInt64(spec.tv_nsec / 1000)
    }

    /// The monotonic clock read now, in microseconds: for durations, which a clock step must not skew.
    public static func monotonicUsec() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000 + UInt64(spec.tv_nsec / 1000)
    }

    /// Sends `WATCHDOG=1` at half of `$WATCHDOG_USEC` from inside the loop, when the service
    /// manager asked for it. Returns whether the watchdog is on.
    @discardableResult
    public func enableWatchdog() throws(SystemError) -> Bool {
        try SystemError.check("sd_event_set_watchdog", sd_event_set_watchdog(event, 1)) > 0
    }
}
