import CSystemd

/// Work run once the loop has dispatched everything else that is ready: an sd-event defer source at
/// idle priority, armed by `schedule()`. Used to batch what several sources asked for in one pass.
///
/// A task armed in a later loop iteration runs after those armed in earlier ones (within one
/// iteration sd-event picks). sd-event orders pending sources of
/// one priority by when they became pending, and a defer source stays pending from its first arming
/// on (re-enabling it does not renew that), so a task re-armed for ever would otherwise always run
/// before one armed later: the group commit, armed again by every answer, would keep a backup's
/// next step from ever running while answers keep coming. Each arming after a run therefore adds a
/// fresh source.
public final class DeferredTask: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private let loop: EventLoop
    private let handler: () -> Void
    private var source: LoopSource?
    /// The source that ran last: released at the next run, not inside its own callback.
    private var retired: LoopSource?
    /// Armed and not yet run.
    private var armed = false

    public init(loop: EventLoop, _ handler: @escaping () -> Void) throws(SystemError) {
        self.loop = loop
        self.handler = handler
        source = try makeSource()
    }

    /// Runs the handler once, after the sources that are ready now (and after tasks scheduled before).
    public func schedule() {
        guard !armed else { return }
        if source == nil { source = try? makeSource() }
        if source == nil {
            // No fresh source (out of memory): the one that ran last still runs the task, in its old place.
            source = retired
            retired = nil
        }
        guard let pointer = source?.pointer else { return }  // not armed: the next schedule() tries again
        armed = true
        sd_event_source_set_enabled(pointer, Int32(SD_EVENT_ONESHOT))
    }

    private func run() {
        armed = false
        // The next arming adds a source pending from then on.
        retired = source
        source = nil
        handler()
    }

    private func makeSource() throws(SystemError) -> LoopSource {
        let source = try loop.addSource("sd_event_add_defer", { [unowned self] in self.run() }) { pointer, userdata in
            sd_event_add_defer(loop.event, pointer, { _, userdata in
                LoopCallback<Void>.from(userdata).body(())
                return 0
            }, userdata)
        }
        _ = try SystemError.check("sd_event_source_set_priority", sd_event_source_set_priority(source.pointer, Int64(SD_EVENT_PRIORITY_IDLE)))
        _ = try SystemError.check("sd_event_source_set_enabled", sd_event_source_set_enabled(source.pointer, Int32(SD_EVENT_OFF)))
        return source
    }
}
