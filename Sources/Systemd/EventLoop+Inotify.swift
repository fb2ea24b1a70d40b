import CSystemd
import Glibc

extension EventLoop {
    /// Calls `handler` with the changed entry's name for `IN_*` events in `mask` on `path`.
    public func addInotify(path: String, mask: UInt32, _ handler: @escaping (String) -> Void) throws(SystemError) -> LoopSource {
        let callback = LoopCallback<String>(handler)
        let source = LoopSource(handler: callback)
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_event_add_inotify(\(path))", sd_event_add_inotify(event, &pointer, path, mask, { _, inotifyEvent, userdata in
            var name = ""
            if let inotifyEvent, inotifyEvent.pointee.len > 0 {
                // The name follows the struct in the kernel's buffer: read it in place, never from a copy.
                let raw = UnsafeRawPointer(inotifyEvent).advanced(by: MemoryLayout<inotify_event>.size)
                name = String(cString: raw.assumingMemoryBound(to: CChar.self))
            }
            LoopCallback<String>.from(userdata).body(name)
            return 0
        }, callback.opaque))
        source.pointer = pointer
        return source
    }
}
