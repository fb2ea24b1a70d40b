import CSystemd

/// The daemon's single wake-up: one realtime timer re-armed to whatever instant comes next.
public final class WakeTimer: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private let loop: EventLoop
    private let handler: (UInt64) -> Void
    private var source: LoopSource?
    public private(set) var armedAt: UInt64?

    public init(loop: EventLoop, _ handler: @escaping (UInt64) -> Void) {
        self.loop = loop
        self.handler = handler
    }

    /// Arms the timer for `usec` (replacing any earlier arming), or disarms it with nil.
    public func arm(atRealtimeUsec usec: UInt64?) throws(SystemError) {
        armedAt = usec
        guard let usec else {
            source?.cancel()
            source = nil
            return
        }
        if let pointer = source?.pointer {
            _ = try SystemError.check("sd_event_source_set_time", sd_event_source_set_time(pointer, usec))
            _ = try SystemError.check("sd_event_source_set_enabled", sd_event_source_set_enabled(pointer, Int32(SD_EVENT_ONESHOT)))
            return
        }
        source = try loop.addTimer(atRealtimeUsec: usec) { [weak self] woke in
            self?.armedAt = nil
            self?.handler(woke)
        }
        source?.describe("medd-wake")
    }
}
