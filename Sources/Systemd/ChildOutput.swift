/// A child's output pipe as it is read on the loop: at most `limit` bytes kept (the rest read and thrown
/// away, so a chatty program cannot fill memory or block), and at its end no longer watched, then closed.
public final class ChildOutput: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    public private(set) var bytes: [UInt8] = []
    /// More came than `limit`.
    public private(set) var truncated = false
    private let descriptor: Int32
    private let limit: Int
    private var source: LoopSource?
    private var isOpen = true

    /// Watches `child`'s output on `loop`; the caller keeps the object until the child has ended.
    public init(of child: ChildProcess, on loop: EventLoop, limit: Int) throws(SystemError) {
        descriptor = child.output
        self.limit = limit
        source = try loop.addIO(descriptor: descriptor) { [weak self] _ in self?.drain() }
    }

    /// Reads what the pipe holds now.
    public func drain() {
        while isOpen {
            switch DescriptorIO.read(descriptor) {
            case .bytes(let read):
                let room = max(0, limit - bytes.count)
                bytes += read.prefix(room)
                if read.count > room { truncated = true }
            case .wouldBlock:
                return
            case .endOfStream:
                close()
            }
        }
    }

    /// Stops watching the pipe, then closes it (in that order: sd-event must never hold a closed descriptor).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        source?.cancel()
        source = nil
        DescriptorIO.close(descriptor)
    }
}
