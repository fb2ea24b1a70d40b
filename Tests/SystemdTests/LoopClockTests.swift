import Foundation
import Glibc
import Testing

/// The clock-change watcher sees a step of the wall clock.
@Suite struct LoopClockTests {
    /// Whether this process may set the clock (root with CAP_SYS_TIME); setting it to its own
    /// current value is a step of zero, which still tells every cancel-on-set timer.
    static func stepClockInPlace() -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }

    static let canSetClock: Bool = {
        guard getuid() == 0 else {
            print("WARNING: not root: the clock-step test is SKIPPED (it needs CAP_SYS_TIME)")
            return false
        }
        return true
    }()

    /// A clock step (settimeofday/clock_settime) reaches the loop through the cancelled timerfd.
    @Test(.enabled(if: canSetClock)) func clockStepIsSeen() throws {
        let (probe, output) = try LoopProbeRunner.start(["clock"])
        defer { probe.terminate(); probe.waitUntilExit() }
        #expect(LoopProbeRunner.waitFor("watching", in: output))
        guard Self.stepClockInPlace() else {
            print("WARNING: clock_settime refused (errno \(errno)): the clock-step test is SKIPPED")
            return
        }
        #expect(LoopProbeRunner.waitFor("clock-changed", in: output, seconds: 5))
    }
}
