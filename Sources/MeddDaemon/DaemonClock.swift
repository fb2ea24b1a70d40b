import MeddCore
import Systemd

/// The daemon's idea of now: the wall clock, shifted by a fixed offset under `--pretend-now`.
/// Timers are armed on the real clock, so the shift is undone there.
struct DaemonClock: Sendable {
    let offsetUsec: Int64

    init(pretendNow: Instant?) {
        offsetUsec = pretendNow.map { $0.usec - Int64(EventLoop.wallClockUsec()) } ?? 0
    }

    func now() -> Instant { Instant(usec: Int64(EventLoop.wallClockUsec()) + offsetUsec) }

    /// The real-clock microseconds at which the daemon's clock shows `instant`.
    func realUsec(of instant: Instant) -> UInt64 { UInt64(max(0, instant.usec - offsetUsec)) }
}
