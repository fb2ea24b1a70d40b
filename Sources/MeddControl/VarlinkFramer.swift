/// Splits a byte stream into NUL-terminated Varlink messages, bounding what it buffers.
///
/// Call `append` with each read, then `nextMessage` until it returns nil. It never holds
/// more than `maximumMessageSize` + one read; once a message is too large it stays failed.
public struct VarlinkFramer: Sendable {
    public static let defaultMaximumMessageSize = 64 * 1024

    /// The largest message accepted, in bytes, not counting its NUL.
    public let maximumMessageSize: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes before this index (from `start`) are known to hold no NUL.
    private var scanned = 0
    private var failed = false

    public init(maximumMessageSize: Int = defaultMaximumMessageSize) {
        precondition(maximumMessageSize > 0, "maximum message size must be positive")
        self.maximumMessageSize = maximumMessageSize
    }

    /// Bytes received but not yet returned as a message.
    public var bufferedCount: Int { buffer.count - start }

    /// Adds bytes as they arrive; ignored once the framer has failed.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        guard !failed else { return }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message without its NUL, or nil when more bytes are needed.
    public mutating func nextMessage() throws(VarlinkFrameError) -> [UInt8]? {
        guard !failed else { throw .messageTooLarge(limit: maximumMessageSize) }
        let from = max(scanned, start)
        guard let end = buffer.withUnsafeBufferPointer({ $0[from...].firstIndex(of: 0) }) else {
            scanned = buffer.count
            if buffer.count - start > maximumMessageSize { try fail() }
            return nil
        }
        if end - start > maximumMessageSize { try fail() }
        let message = Array(buffer[start..<end])
        start = end + 1
        scanned = start
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= maximumMessageSize)
            start = 0
            scanned = 0
        }
        return message
    }

    private mutating func fail() throws(VarlinkFrameError) -> Never {
        failed = true
        buffer = []
        start = 0
        scanned = 0
        throw .messageTooLarge(limit: maximumMessageSize)
    }
}

/// Why a byte stream cannot be split into Varlink messages; the connection must be closed.
public enum VarlinkFrameError: Error, Hashable, Sendable {
    /// More than `limit` bytes arrived without a terminating NUL.
    case messageTooLarge(limit: Int)
}
