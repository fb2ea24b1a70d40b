import CSystemd

/// One registered event source (timer, I/O, signal, child, inotify). Dropping it removes it
/// from the loop; while it lives, its handler stays alive with it.
public final class LoopSource: @unchecked Sendable {
    // @unchecked: confined to the loop's thread like the loop itself; sd-event is not thread-safe.
    var pointer: OpaquePointer?
    let handler: AnyObject

    init(handler: AnyObject) {
        self.handler = handler
    }

    /// Removes the source from the loop now; the handler will not run again.
    public func cancel() {
        if let pointer {
            sd_event_source_disable_unref(pointer)
            self.pointer = nil
        }
    }

    /// Changes which events an I/O source waits for.
    public func setIOEvents(_ events: IOEvents) {
        if let pointer { sd_event_source_set_io_events(pointer, events.rawValue) }
    }

    /// A short name shown in sd-event's debug logs.
    public func describe(_ name: String) {
        if let pointer { sd_event_source_set_description(pointer, name) }
    }

    deinit { cancel() }
}

/// A Swift closure carried through libsystemd's `void *userdata`.
final class LoopCallback<Argument> {
    let body: (Argument) -> Void

    init(_ body: @escaping (Argument) -> Void) { self.body = body }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> LoopCallback<Argument> {
        Unmanaged<LoopCallback<Argument>>.fromOpaque(pointer!).takeUnretainedValue()
    }
}
