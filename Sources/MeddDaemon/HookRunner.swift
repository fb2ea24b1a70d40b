import Logging
import MeddCore
import MeddStore
import Systemd

/// Runs `[[hook]]` programs for recorded events: argv exec'd directly (never a shell), the
/// event's `MEDD_*` fields in the environment, killed at `timeout`, output and exit status
/// logged to the journal. Hooks run concurrently on the loop, so a slow one delays no dose, and at most
/// `concurrencyLimit` at once: the rest wait their turn in order, the hooks of `missed` events after all
/// others (the backlog of a start after weeks away never holds up the hook of a dose firing now).
///
/// Runs are durable: the ledger holds each from the commit of its event until it ended, and counts
/// its starts. What medd did not see end starts again at the next start-up (`resume`), with the same
/// `MEDD_HOOK_RUN_ID` and the next `MEDD_HOOK_ATTEMPT`, at most `HookRun.maximumAttempts` times: a
/// hook runs at least once, and is told when a run is a repeat.
final class HookRunner: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    /// A start after weeks of downtime records every dose due meanwhile as missed in one go: its hooks must
    /// not start hundreds of processes together.
    static let concurrencyLimit = 8

    /// The configured hooks; a run still waiting for a hook that a reload removed or changed is dropped.
    var hooks: [Hook] {
        didSet {
            let configured = Set(hooks)
            let dropped = waiting.removeAll { !configured.contains($0.hook) } + missedWaiting.removeAll { !configured.contains($0.hook) }
            guard !dropped.isEmpty else { return }
            log.notice("\(dropped.count) waiting hook run(s) dropped: the reload removed or changed their hook")
            end(dropped.map(\.id))
        }
    }
    private let loop: EventLoop
    private let log: Logger
    private let ledger: any LedgerStore
    /// An event's journal fields as the running configuration names them: the hook's `MEDD_*` variables.
    private let fields: (DoseEvent) -> [(String, String)]
    private var running: [Int32: Run] = [:]
    /// Runs waiting for one of the running ones to end: those of `missed` events wait behind the others.
    private var waiting = Line()
    private var missedWaiting = Line()
    /// The daemon's environment without what belongs to the service manager's conversation with medd.
    private let baseEnvironment: [String]

    init(hooks: [Hook], loop: EventLoop, ledger: any LedgerStore, log: Logger, fields: @escaping (DoseEvent) -> [(String, String)]) {
        self.hooks = hooks
        self.fields = fields
        self.loop = loop
        self.ledger = ledger
        self.log = log
        let privateNames: Set<String> = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"]
        baseEnvironment = ProcessEnvironment.variables
            .filter { !privateNames.contains($0.key) && !$0.key.hasPrefix("MEDD_") }
            .map { "\($0.key)=\($0.value)" }
            .sorted()
    }

    var runningCount: Int { running.count }

    /// Set once medd is stopping: runs recorded from then on wait in the ledger for the next start.
    private var isStopping = false

    /// Starts (or queues) runs the ledger just recorded.
    func run(_ runs: [HookRun]) {
        guard !isStopping else { return }
        for run in runs {
            if run.event.kind == .missed { missedWaiting.append(run) } else { waiting.append(run) }
        }
        startWaiting()
    }

    /// At start-up: the runs an earlier medd recorded and did not see end. Each starts again for the
    /// hook it was recorded for, if the configuration still has it; one that had all its attempts
    /// is given up with an error.
    func resume(_ runs: [HookRun]) {
        var again: [HookRun] = []
        var ended: [String] = []
        for var run in runs {
            let what = run.logName
            guard run.mayStartAgain else {
                log.error("\(what) did not finish in \(run.attempts) attempts (medd stopped or was killed while it ran); it is given up",
                          metadata: metadata(run))
                ended.append(run.id)
                continue
            }
            guard let hook = run.configuredHook(among: hooks) else {
                log.warning("\(what) did not finish before medd stopped, and the configuration no longer has that hook; the run is dropped",
                            metadata: metadata(run))
                ended.append(run.id)
                continue
            }
            run.hook = hook
            again.append(run)
        }
        end(ended)
        if !again.isEmpty { log.notice("\(again.count) hook run(s) that did not finish before medd stopped start again") }
        run(again)
    }

    /// medd is stopping: runs not started yet, and any recorded from now on, wait in the ledger for the
    /// next start; says how many there are now.
    func stop() {
        isStopping = true
        let count = waiting.count + missedWaiting.count + running.count
        guard count > 0 else { return }
        log.notice("\(count) hook run(s) not finished: they run at the next start of medd")
        waiting = Line()
        missedWaiting = Line()
    }

    private func startWaiting() {
        var batch: [HookRun] = []
        while running.count + batch.count < Self.concurrencyLimit, let run = waiting.popFirst() ?? missedWaiting.popFirst() {
            batch.append(run)
        }
        guard !batch.isEmpty else { return }
        // Counted before the processes exist, so a crash now still makes the next start the attempt after.
        do {
            try ledger.startHookRuns(batch.map(\.id))
        } catch {
            log.error("cannot record the start of \(batch.count) hook run(s); they start regardless: \(error)")
        }
        for var run in batch {
            run.attempts += 1
            start(run)
        }
    }

    private func start(_ run: HookRun) {
        let fields = self.fields(run.event).filter { $0.0.hasPrefix("MEDD_") }
            + [("MEDD_HOOK_RUN_ID", run.id), ("MEDD_HOOK_ATTEMPT", "\(run.attempts)")]
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(run.hook.exec, environment: baseEnvironment + fields.map { "\($0.0)=\($0.1)" })
        } catch {
            log.error("hook \(run.hook.exec.joined(separator: " ")) could not start for \(run.event.kind.rawValue) \(run.event.dose.id): \(error)",
                      metadata: metadata(run))
            end([run.id])
            return
        }
        let process = Run(run: run, child: child)
        running[child.pid] = process
        do {
            process.output = try ChildOutput(of: child, on: loop, limit: Run.outputLimit)
            process.sources.append(try loop.addChild(pid: child.pid) { [unowned self] status in self.finish(child.pid, status: status) })
            let deadline = EventLoop.wallClockUsec() + UInt64(run.hook.timeout.seconds) * 1_000_000
            process.sources.append(try loop.addTimer(atRealtimeUsec: deadline, accuracyUsec: 1000) { [unowned process] _ in
                process.timedOut = true
                process.child.kill(.kill)
            })
        } catch {
            log.error("hook \(run.hook.exec[0]) started as PID \(child.pid) but cannot be watched: \(error)", metadata: metadata(run))
            child.kill(.kill)
            process.closeOutput()
            for source in process.sources { source.cancel() }
            running[child.pid] = nil
            end([run.id])
        }
    }

    private func finish(_ pid: Int32, status: Int32) {
        guard let process = running.removeValue(forKey: pid) else { return }
        process.closeOutput()
        for source in process.sources { source.cancel() }
        let run = process.run
        end([run.id])
        var metadata = metadata(run)
        metadata["hook-status"] = "\(status)"
        if process.output?.bytes.isEmpty == false { metadata["hook-output"] = "\(process.outputText)" }
        let what = run.logName + (run.attempts > 1 ? " (attempt \(run.attempts))" : "")
        if process.timedOut {
            log.error("\(what) timed out after \(run.hook.timeout) and was killed", metadata: metadata)
        } else if status == 0 {
            log.info("\(what) exited 0", metadata: metadata)
        } else if status < 0 {
            log.warning("\(what) was killed by signal \(-status)", metadata: metadata)
        } else {
            log.warning("\(what) exited with status \(status)", metadata: metadata)
        }
        startWaiting()
    }

    /// The ledger forgets runs that ended; should that fail, they only run once more after a restart.
    private func end(_ ids: [String]) {
        do {
            try ledger.endHookRuns(ids)
        } catch {
            log.error("cannot record the end of \(ids.count) hook run(s); they will run again at the next start: \(error)")
        }
    }

    private func metadata(_ run: HookRun) -> Logger.Metadata {
        ["hook-exec": "\(run.hook.exec.joined(separator: " "))", "hook-event": "\(run.event.kind.rawValue)",
         "dose-id": "\(run.event.dose.id)", "hook-run-id": "\(run.id)", "hook-attempt": "\(run.attempts)"]
    }

    /// Runs in the order they came, dropped from the front as they start.
    struct Line {
        private var runs: [HookRun] = []
        private var next = 0

        var count: Int { runs.count - next }

        mutating func append(_ run: HookRun) {
            runs.append(run)
        }

        mutating func popFirst() -> HookRun? {
            guard next < runs.count else { return nil }
            let run = runs[next]
            next += 1
            if next == runs.count {
                runs.removeAll()
                next = 0
            } else if next >= 1024, next * 2 >= runs.count {
                runs.removeFirst(next)
                next = 0
            }
            return run
        }

        /// Removes the runs `shouldRemove` picks, and returns them.
        mutating func removeAll(where shouldRemove: (HookRun) -> Bool) -> [HookRun] {
            let left = runs[next...]
            runs = left.filter { !shouldRemove($0) }
            next = 0
            return left.filter(shouldRemove)
        }
    }

    /// One running hook: its run, its process, its collected output, and the sources watching it.
    final class Run: @unchecked Sendable {
        // @unchecked: confined to the loop thread.
        /// Output beyond this is read and thrown away, so a chatty hook cannot fill memory or block.
        static let outputLimit = 64 * 1024

        let run: HookRun
        let child: ChildProcess
        /// Read as it comes; nil until it is watched.
        var output: ChildOutput?
        var timedOut = false
        /// The child and timeout sources.
        var sources: [LoopSource] = []

        init(run: HookRun, child: ChildProcess) {
            self.run = run
            self.child = child
        }

        /// Reads the rest of the output, then closes the pipe (closed here when it was never watched).
        func closeOutput() {
            guard let output else { return DescriptorIO.close(child.output) }
            output.drain()
            output.close()
        }

        var outputText: String {
            String(decoding: output?.bytes ?? [], as: UTF8.self).trimmingTrailingNewlines + (output?.truncated == true ? "\n[output truncated]" : "")
        }
    }
}

private extension HookRun {
    /// How medd's messages name a run: `hook /usr/bin/logger -t medd for fired metformin_20261122_08_00`.
    var logName: String { "hook \(hook.exec.joined(separator: " ")) for \(event.kind.rawValue) \(event.dose.id)" }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}

extension HookRun {
    /// A new run ID: 128 random bits in hex, like a journal's boot ID, so no two runs share one even
    /// across ledgers (a restored backup, a new state directory).
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()].map { (value: UInt64) in
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
