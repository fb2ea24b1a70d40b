import CSystemd

/// Work run once the loop has dispatched everything else that is ready: an sd-event defer source at
/// idle priority, armed by `schedule()`. Used to batch what several sources asked for in one pass.
public final class DeferredTask: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private let source: LoopSource

    public init(loop: EventLoop, _ handler: @escaping () -> Void) throws(SystemError) {
        source = try loop.addSource("sd_event_add_defer", handler) { pointer, userdata in
            sd_event_add_defer(loop.event, pointer, { _, userdata in
                LoopCallback<Void>.from(userdata).body(())
                return 0
            }, userdata)
        }
        _ = try SystemError.check("sd_event_source_set_priority", sd_event_source_set_priority(source.pointer, Int64(SD_EVENT_PRIORITY_IDLE)))
        _ = try SystemError.check("sd_event_source_set_enabled", sd_event_source_set_enabled(source.pointer, Int32(SD_EVENT_OFF)))
    }

    /// Runs the handler once, after the sources that are ready now.
    public func schedule() {
        if let pointer = source.pointer { sd_event_source_set_enabled(pointer, Int32(SD_EVENT_ONESHOT)) }
    }
}
