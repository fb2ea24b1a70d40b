import Glibc

/// Reads, writes and closing for plain descriptors (pipes, sockets), and the one place a system call
/// interrupted by a signal is retried.
public enum DescriptorIO {
    /// Reads what is available on `descriptor`, up to `limit` bytes.
    public static func read(_ descriptor: Int32, limit: Int = 16 * 1024) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: limit)
        do {
            let count = try retryingInterrupts("read") { buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, limit) } }
            return count == 0 ? .endOfStream : .bytes(Array(buffer[..<count]))
        } catch {
            return error.errno == EAGAIN ? .wouldBlock : .endOfStream
        }
    }

    /// The result of `call` (a count, or -1 with `errno`), called again while a signal interrupts it.
    static func retryingInterrupts(_ name: String, _ call: () -> Int) throws(SystemError) -> Int {
        while true {
            let result = call()
            if result >= 0 { return result }
            guard errno == EINTR else { throw SystemError(name, errno: errno) }
        }
    }

    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}

/// What one non-blocking read gave.
public enum ReadResult: Sendable {
    case bytes([UInt8])
    /// Nothing to read now.
    case wouldBlock
    /// The other end closed (or the descriptor broke).
    case endOfStream
}
