import CSystemd
import Glibc

extension EventLoop {
    /// Calls `handler` once at the absolute wall-clock instant `usec`, with the instant the loop
    /// woke at. `accuracyUsec` of 1 asks sd-event not to coalesce it with other wake-ups.
    public func addTimer(atRealtimeUsec usec: UInt64, accuracyUsec: UInt64 = 1,
                         _ handler: @escaping (UInt64) -> Void) throws(SystemError) -> LoopSource {
        let callback = LoopCallback<UInt64>(handler)
        let source = LoopSource(handler: callback)
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_event_add_time", sd_event_add_time(event, &pointer, CLOCK_REALTIME, usec, accuracyUsec, { _, usec, userdata in
            LoopCallback<UInt64>.from(userdata).body(usec)
            return 0
        }, callback.opaque))
        source.pointer = pointer
        return source
    }
}
