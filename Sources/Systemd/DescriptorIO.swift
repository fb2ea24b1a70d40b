import Glibc

/// Non-blocking reads and closing for plain descriptors (pipes, sockets).
public enum DescriptorIO {
    /// Reads what is available on `descriptor`, up to `limit` bytes.
    public static func read(_ descriptor: Int32, limit: Int = 16 * 1024) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = SystemCall.retryingInterrupts { buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, limit) } }
        switch count {
        case .success(0): return .endOfStream
        case .success(let count): return .bytes(Array(buffer[..<count]))
        case .failure(.wouldBlock): return .wouldBlock
        case .failure: return .endOfStream
        }
    }

    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}
