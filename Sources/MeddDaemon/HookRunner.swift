import Logging
import MeddCore
import Systemd

/// Runs `[[hook]]` programs for recorded events: argv exec'd directly (never a shell), the
/// event's `MEDD_*` fields in the environment, killed at `timeout`, output and exit status
/// logged to the journal. Hooks run concurrently on the loop, so a slow one delays no dose, and at most
/// `concurrencyLimit` at once: the rest wait their turn in order, the hooks of `missed` events after all
/// others (the backlog of a start after weeks away never holds up the hook of a dose firing now).
final class HookRunner: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    /// A start after weeks of downtime records every dose due meanwhile as missed in one go: its hooks must
    /// not start hundreds of processes together.
    static let concurrencyLimit = 8

    /// The configured hooks; a run still waiting for a hook that a reload removed or changed is dropped.
    var hooks: [Hook] {
        didSet {
            let configured = Set(hooks)
            waiting.removeAll { !configured.contains($0.hook) }
            missedWaiting.removeAll { !configured.contains($0.hook) }
        }
    }
    private let loop: EventLoop
    private let log: Logger
    /// An event's journal fields as the running configuration names them: the hook's `MEDD_*` variables.
    private let fields: (DoseEvent) -> [(String, String)]
    private var running: [Int32: Run] = [:]
    /// Runs waiting for one of the running ones to end: those of `missed` events wait behind the others.
    private var waiting = Line()
    private var missedWaiting = Line()
    /// The daemon's environment without what belongs to the service manager's conversation with medd.
    private let baseEnvironment: [String]

    init(hooks: [Hook], loop: EventLoop, log: Logger, fields: @escaping (DoseEvent) -> [(String, String)]) {
        self.hooks = hooks
        self.fields = fields
        self.loop = loop
        self.log = log
        let privateNames: Set<String> = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"]
        baseEnvironment = ProcessEnvironment.variables
            .filter { !privateNames.contains($0.key) && !$0.key.hasPrefix("MEDD_") }
            .map { "\($0.key)=\($0.value)" }
            .sorted()
    }

    var runningCount: Int { running.count }

    func run(for events: [DoseEvent]) {
        for event in events {
            for hook in hooks where hook.on.contains(event.kind) {
                if event.kind == .missed { missedWaiting.append((hook, event)) } else { waiting.append((hook, event)) }
            }
        }
        startWaiting()
    }

    /// medd is stopping: runs not started yet never will be (hooks are not kept across a restart); says how many.
    func abandonWaiting() {
        let count = waiting.count + missedWaiting.count
        guard count > 0 else { return }
        log.warning("\(count) hook run(s) not started: medd is stopping")
        waiting = Line()
        missedWaiting = Line()
    }

    private func startWaiting() {
        while running.count < Self.concurrencyLimit, let (hook, event) = waiting.popFirst() ?? missedWaiting.popFirst() {
            start(hook, for: event)
        }
    }

    private func start(_ hook: Hook, for event: DoseEvent) {
        let fields = self.fields(event).filter { $0.0.hasPrefix("MEDD_") }.map { "\($0.0)=\($0.1)" }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(hook.exec, environment: baseEnvironment + fields)
        } catch {
            log.error("hook \(hook.exec.joined(separator: " ")) could not start for \(event.kind.rawValue) \(event.dose.id): \(error)",
                      metadata: metadata(hook, event))
            return
        }
        let run = Run(hook: hook, event: event, child: child)
        running[child.pid] = run
        do {
            run.outputSource = try loop.addIO(descriptor: child.output) { [unowned run] _ in run.drainOutput() }
            run.sources.append(try loop.addChild(pid: child.pid) { [unowned self] status in self.finish(child.pid, status: status) })
            let deadline = EventLoop.wallClockUsec() + UInt64(hook.timeout.seconds) * 1_000_000
            run.sources.append(try loop.addTimer(atRealtimeUsec: deadline, accuracyUsec: 1000) { [unowned run] _ in
                run.timedOut = true
                run.child.kill(.kill)
            })
        } catch {
            log.error("hook \(hook.exec[0]) started as PID \(child.pid) but cannot be watched: \(error)")
            child.kill(.kill)
            run.closeOutput()
            for source in run.sources { source.cancel() }
            running[child.pid] = nil
        }
    }

    private func finish(_ pid: Int32, status: Int32) {
        guard let run = running.removeValue(forKey: pid) else { return }
        run.drainOutput()
        run.closeOutput()
        for source in run.sources { source.cancel() }
        let command = run.hook.exec.joined(separator: " ")
        var metadata = metadata(run.hook, run.event)
        metadata["hook-status"] = "\(status)"
        if !run.output.isEmpty { metadata["hook-output"] = "\(run.outputText)" }
        let what = "hook \(command) for \(run.event.kind.rawValue) \(run.event.dose.id)"
        if run.timedOut {
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

    private func metadata(_ hook: Hook, _ event: DoseEvent) -> Logger.Metadata {
        ["hook-exec": "\(hook.exec.joined(separator: " "))", "hook-event": "\(event.kind.rawValue)", "dose-id": "\(event.dose.id)"]
    }

    /// Runs in the order they came, dropped from the front as they start.
    struct Line {
        private var runs: [(hook: Hook, event: DoseEvent)] = []
        private var next = 0

        var count: Int { runs.count - next }

        mutating func append(_ run: (hook: Hook, event: DoseEvent)) {
            runs.append(run)
        }

        mutating func popFirst() -> (hook: Hook, event: DoseEvent)? {
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

        mutating func removeAll(where shouldRemove: ((hook: Hook, event: DoseEvent)) -> Bool) {
            runs = runs[next...].filter { !shouldRemove($0) }
            next = 0
        }
    }

    /// One running hook: its process, its collected output, and the sources watching it.
    final class Run: @unchecked Sendable {
        // @unchecked: confined to the loop thread.
        /// Output beyond this is read and thrown away, so a chatty hook cannot fill memory or block.
        static let outputLimit = 64 * 1024

        let hook: Hook
        let event: DoseEvent
        let child: ChildProcess
        var output: [UInt8] = []
        var outputTruncated = false
        var timedOut = false
        /// The loop source reading `child.output`; removed before the descriptor is closed, always.
        var outputSource: LoopSource?
        /// The child and timeout sources.
        var sources: [LoopSource] = []
        private var outputOpen = true

        init(hook: Hook, event: DoseEvent, child: ChildProcess) {
            self.hook = hook
            self.event = event
            self.child = child
        }

        /// Reads what the pipe holds now; returns false once it reached its end.
        @discardableResult
        func drainOutput() -> Bool {
            while outputOpen {
                switch DescriptorIO.read(child.output) {
                case .bytes(let bytes):
                    let room = max(0, Self.outputLimit - output.count)
                    output += bytes.prefix(room)
                    if bytes.count > room { outputTruncated = true }
                case .wouldBlock:
                    return true
                case .endOfStream:
                    closeOutput()
                }
            }
            return false
        }

        /// Stops watching the pipe, then closes it (in that order: sd-event must never hold a closed descriptor).
        func closeOutput() {
            guard outputOpen else { return }
            outputOpen = false
            outputSource?.cancel()
            outputSource = nil
            DescriptorIO.close(child.output)
        }

        var outputText: String {
            String(decoding: output, as: UTF8.self).trimmingTrailingNewlines + (outputTruncated ? "\n[output truncated]" : "")
        }
    }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
