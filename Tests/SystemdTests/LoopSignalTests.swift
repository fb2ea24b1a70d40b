import Foundation
import Glibc
import Testing

/// Signal and child sources, exercised in `loop-probe`'s own process.
@Suite struct LoopSignalTests {
    /// SIGHUP and SIGTERM arrive through the loop, in order, and SIGTERM ends it.
    @Test func signalsArriveThroughTheLoop() throws {
        let (probe, output) = try LoopProbeRunner.start(["signal"])
        #expect(LoopProbeRunner.waitFor("ready", in: output))
        kill(probe.processIdentifier, SIGHUP)
        #expect(LoopProbeRunner.waitFor("signal \(SIGHUP)", in: output))
        kill(probe.processIdentifier, SIGTERM)
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0)
        #expect(LoopProbeRunner.output(output) == "ready\nsignal \(SIGHUP)\nsignal \(SIGTERM)\n")
    }

    /// `LoopCommand`: the output of a program whose standard error stays ours, cut at the limit; one still
    /// running at its deadline killed (its standard error in the output, joined); one cancelled never
    /// completes.
    @Test func commandsRunToTheirEndOnTheLoop() throws {
        let (probe, output) = try LoopProbeRunner.start(["command"])
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0)
        #expect(LoopProbeRunner.output(output) == """
            exited(3) "outpu" truncated true
            timedOut "joined\\n" truncated false
            within 2 s true
            exited(0) "" truncated false

            """)
    }

    /// A child's exit status arrives through the loop's child source.
    @Test func childExitArrives() throws {
        let (probe, output) = try LoopProbeRunner.start(["child"])
        probe.waitUntilExit()
        #expect(LoopProbeRunner.output(output) == "child 7\n")
    }
}
