/// A program run on the loop to its end, as medd-sync runs a `password_command` or a carer's command:
/// started without a shell (`ChildProcess`), what it writes kept up to a limit (`ChildOutput`), its exit
/// watched, and its whole process group killed at a deadline (on the monotonic clock: a step of the wall clock
/// neither stretches nor shortens it). Nothing here waits: the completion runs
/// on the loop, once, after the program ended. While it runs the command keeps itself (the loop's
/// sources hold it); `cancel()` kills it and drops its completion.
public final class LoopCommand: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    /// How the program ended.
    public enum Ending: Hashable, Sendable {
        case exited(Int32)
        /// Killed by this signal number, not by the deadline.
        case signalled(Int32)
        /// Still running at the deadline, so killed.
        case timedOut
    }

    /// What a run gave back.
    public struct Outcome: Sendable {
        public var ending: Ending
        /// At most the limit's worth of what it wrote.
        public var output: [UInt8]
        /// It wrote more than the limit (the rest was read and thrown away).
        public var truncated: Bool
    }

    private let child: ChildProcess
    private var output: ChildOutput?
    private var sources: [LoopSource] = []
    private var timedOut = false
    private var completion: ((Outcome) -> Void)?

    /// Starts `argv` with exactly `environment`; `completion` runs on `loop` once it ended, or once it
    /// was killed `timeoutUsec` after the start. Throws when the program cannot be started or watched
    /// (then nothing runs and `completion` never does).
    public init(_ argv: [String], environment: [String], errors: ChildProcess.Errors = .joined, on loop: EventLoop, outputLimit: Int,
                timeoutUsec: UInt64, completion: @escaping (Outcome) -> Void) throws(SystemError) {
        child = try ChildProcess.spawn(argv, environment: environment, errors: errors)
        self.completion = completion
        do {
            output = try ChildOutput(of: child, on: loop, limit: outputLimit)
            // The sources hold the command until it ended: `finish` lets go of them.
            sources.append(try loop.addChild(pid: child.pid) { status in self.finish(status: status) })
            sources.append(try loop.addTimer(afterUsec: timeoutUsec, accuracyUsec: 1000) { _ in
                self.timedOut = true
                self.child.kill(.kill)
            })
        } catch {
            child.kill(.kill)
            sources = []
            if let output { output.close() } else { DescriptorIO.close(child.output) }
            throw error
        }
    }

    /// The process ID, for the journal.
    public var pid: Int32 { child.pid }

    /// Kills the program's process group now; the completion will not run. Its exit is still reaped on
    /// the loop.
    public func cancel() {
        guard completion != nil else { return }
        completion = nil
        child.kill(.kill)
    }

    private func finish(status: Int32) {
        output?.drain()
        output?.close()
        // Kept to the end of this call: they are what holds the command (and the handler now running).
        let ended = sources
        sources = []
        defer { withExtendedLifetime(ended) {} }
        let ending: Ending = timedOut ? .timedOut : status >= 0 ? .exited(status) : .signalled(-status)
        let outcome = Outcome(ending: ending, output: output?.bytes ?? [], truncated: output?.truncated ?? false)
        output = nil
        let completion = self.completion
        self.completion = nil
        completion?(outcome)
    }
}
