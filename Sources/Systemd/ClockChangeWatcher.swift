import CSystemd
import Glibc

/// Tells when the wall clock jumps (settimeofday, NTP step, resume from suspend): a `timerfd` on
/// `CLOCK_REALTIME` armed far ahead with `TFD_TIMER_CANCEL_ON_SET` is cancelled by any such step.
/// libsystemd 252 has no public time-change source, so this is the io source that stands in.
public final class ClockChangeWatcher: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private let descriptor: Int32
    private var source: LoopSource?

    public init(loop: EventLoop, _ handler: @escaping () -> Void) throws(SystemError) {
        descriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { throw SystemError("timerfd_create", errno: errno) }
        try arm()
        source = try loop.addIO(descriptor: descriptor) { [weak self] _ in
            guard let self else { return }
            var expirations: UInt64 = 0
            let result = read(self.descriptor, &expirations, MemoryLayout<UInt64>.size)
            if result < 0, errno == ECANCELED {
                try? self.arm()
                handler()
            }
        }
        source?.describe("medd-clock-change")
    }

    private func arm() throws(SystemError) {
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(Int32.max)  // far in the future: it never fires, only cancels
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        guard timerfd_settime(descriptor, flags, &spec, nil) == 0 else {
            throw SystemError("timerfd_settime", errno: errno)
        }
    }

    deinit {
        source?.cancel()
        close(descriptor)
    }
}
