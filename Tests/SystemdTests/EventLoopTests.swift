import Foundation
import Glibc
import Systemd
import Testing

/// The sd-event loop in this process: wall-clock timers, the single wake timer, io, inotify.
/// Signal and child sources run in `loop-probe` (see `LoopSignalTests`): they take SIGCHLD
/// through a signalfd, which would starve Foundation's `Process` in the test runner.
@Suite struct EventLoopTests {
    static func nowUsec() -> UInt64 { EventLoop.wallClockUsec() }

    /// Runs the loop until `done` or five seconds pass.
    static func spin(_ loop: EventLoop, until done: () -> Bool) throws {
        let deadline = nowUsec() + 5_000_000
        while !done(), nowUsec() < deadline { try loop.runOnce(timeoutUsec: 100_000) }
    }

    /// A timer at an absolute wall-clock instant fires once, not early, and its lateness is known.
    @Test func timerFiresAtItsInstant() throws {
        let loop = try EventLoop()
        let due = Self.nowUsec() + 30_000
        var firedAt: UInt64?
        let timer = try loop.addTimer(atRealtimeUsec: due) { _ in firedAt = Self.nowUsec() }
        try Self.spin(loop) { firedAt != nil }
        let fired = try #require(firedAt)
        #expect(fired >= due)
        print("timer lateness: \(fired - due) µs")
        _ = timer
    }

    /// The wake timer re-arms to a new instant and disarms with nil.
    @Test func wakeTimerRearmsAndDisarms() throws {
        let loop = try EventLoop()
        var wakes = 0
        let timer = WakeTimer(loop: loop) { _ in wakes += 1 }
        try timer.arm(atRealtimeUsec: Self.nowUsec() + 3_600_000_000)
        try timer.arm(atRealtimeUsec: Self.nowUsec() + 10_000)
        try Self.spin(loop) { wakes == 1 }
        #expect(wakes == 1)
        try timer.arm(atRealtimeUsec: Self.nowUsec() + 10_000)
        try timer.arm(atRealtimeUsec: nil)
        try loop.runOnce(timeoutUsec: 50_000)
        #expect(wakes == 1)
        #expect(timer.armedAt == nil)
    }

    /// Deferred tasks run in the order they were armed. The daemon's shape: a client's message (io)
    /// arms the group commit, whose reply brings the client's next message at once; a backup re-arms
    /// its next step after each. The step must get its turn between commits, not wait for the
    /// messages to stop.
    @Test func aTaskArmedAgainAndAgainDoesNotStarveOneArmedEarlier() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var order: [String] = []
        var commits = 0
        var commit: DeferredTask!
        var step: DeferredTask!
        let client = try loop.addIO(descriptor: fds[0]) { _ in
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            commit.schedule()
        }
        commit = try DeferredTask(loop: loop) {
            commits += 1
            order.append("commit")
            if commits < 6 { _ = write(fds[1], "x", 1) }  // the reply, and the next message at once
        }
        // The commit task is made at start-up; the backup's step task later, in a later loop iteration.
        try loop.runOnce(timeoutUsec: 1_000)
        step = try DeferredTask(loop: loop) {
            order.append("step")
            if order.filter({ $0 == "step" }).count < 3 { step.schedule() }
        }
        commit.schedule()
        step.schedule()
        try Self.spin(loop) { commits >= 6 }
        #expect(Array(order.prefix(6)) == ["commit", "step", "commit", "step", "commit", "step"])
        _ = client
    }

    /// A readable descriptor calls its io handler.
    @Test func ioSourceSeesReadableDescriptor() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        var seen = false
        let source = try loop.addIO(descriptor: fds[0]) { _ in seen = true }
        _ = write(fds[1], "x", 1)
        try Self.spin(loop) { seen }
        #expect(seen)
        source.cancel()
        close(fds[0])
        close(fds[1])
    }

    /// The time-zone watcher sees the watched file replaced (by rename, as tools do) and written.
    @Test func timeZoneWatcherSeesReplacement() throws {
        let loop = try EventLoop()
        let path = LoopProbeRunner.temporaryPath("localtime")
        _ = FileManager.default.createFile(atPath: path, contents: Data("Europe/Berlin".utf8))
        var changes = 0
        let watcher = try TimeZoneWatcher(loop: loop, files: [((path as NSString).deletingLastPathComponent, (path as NSString).lastPathComponent)]) { changes += 1 }
        let replacement = path + ".new"
        _ = FileManager.default.createFile(atPath: replacement, contents: Data("America/New_York".utf8))
        #expect(rename(replacement, path) == 0)
        try Self.spin(loop) { changes >= 1 }
        #expect(changes >= 1)
        _ = FileManager.default.createFile(atPath: (path as NSString).deletingLastPathComponent + "/unrelated", contents: Data())
        let before = changes
        try loop.runOnce(timeoutUsec: 50_000)
        #expect(changes == before)
        _ = watcher
    }
}
