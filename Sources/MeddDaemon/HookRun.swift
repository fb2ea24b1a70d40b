import Glibc
import MeddCore
import Systemd

/// One running hook: its process, its collected output, and the sources watching it.
final class HookRun: @unchecked Sendable {
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

extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
