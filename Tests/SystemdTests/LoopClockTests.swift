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

    /// A clock step (settimeofday/clock_settime) reaches the loop through the cancelled timerfd. Where
    /// the clock cannot be set (not root, or a container without CAP_SYS_TIME) the test is skipped, and
    /// says why: it cannot pass without seeing the step.
    @Test func clockStepIsSeen() throws {
        guard getuid() == 0 else {
            print("WARNING: not root: the clock-step test is SKIPPED (it needs CAP_SYS_TIME)")
            try Test.cancel("SKIPPED: not root; stepping the clock needs CAP_SYS_TIME")
        }
        let (probe, output) = try LoopProbeRunner.start(["clock"])
        defer { probe.terminate(); probe.waitUntilExit() }
        #expect(LoopProbeRunner.waitFor("watching", in: output))
        guard Self.stepClockInPlace() else {
            let reason = String(cString: strerror(errno))
            print("WARNING: clock_settime refused (\(reason)): the clock-step test is SKIPPED")
            try Test.cancel(Comment(rawValue: "SKIPPED: clock_settime refused (\(reason)); stepping the clock needs CAP_SYS_TIME"))
        }
        #expect(LoopProbeRunner.waitFor("clock-changed", in: output, seconds: 5))
    }
}
