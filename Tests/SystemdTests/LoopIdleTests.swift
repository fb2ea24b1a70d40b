import Foundation
import Testing

/// No polling: an idle loop with one timer an hour away does not wake in 60 seconds.
@Suite struct LoopIdleTests {
    /// Voluntary context switches of every thread of a process, from /proc.
    static func voluntarySwitches(_ pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return total + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
        }
    }

    /// Zero voluntary context switches over 60 idle seconds (no watchdog, no other sources).
    @Test func idleLoopNeverWakes() throws {
        let (probe, output) = try LoopProbeRunner.start(["idle"])
        defer { probe.terminate(); probe.waitUntilExit() }
        #expect(LoopProbeRunner.waitFor("armed", in: output))
        Thread.sleep(forTimeInterval: 0.5)
        let before = Self.voluntarySwitches(probe.processIdentifier)
        Thread.sleep(forTimeInterval: 60)
        let after = Self.voluntarySwitches(probe.processIdentifier)
        print("idle loop: \(after - before) voluntary context switches in 60 s")
        #expect(after - before == 0)
        #expect(!LoopProbeRunner.output(output).contains("woke"))
    }
}
