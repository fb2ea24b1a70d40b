import CSystemd
import Glibc

extension EventLoop {
    /// Calls `handler` with the ready `EPOLL*` events whenever `descriptor` is ready for `events`
    /// (default `EPOLLIN`, 0x001).
    public func addIO(descriptor: Int32, events: UInt32 = 0x001,
                      _ handler: @escaping (UInt32) -> Void) throws(SystemError) -> LoopSource {
        let callback = LoopCallback<UInt32>(handler)
        let source = LoopSource(handler: callback)
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_event_add_io", sd_event_add_io(event, &pointer, descriptor, events, { _, _, revents, userdata in
            LoopCallback<UInt32>.from(userdata).body(revents)
            return 0
        }, callback.opaque))
        source.pointer = pointer
        return source
    }
}
