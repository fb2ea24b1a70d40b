import Glibc

/// Non-blocking reads and closing for plain descriptors (pipes, sockets).
public enum DescriptorIO {
    /// Reads what is available on `descriptor`, up to `limit` bytes.
    public static func read(_ descriptor: Int32, limit: Int = 16 * 1024) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, limit) }
            if count > 0 { return .bytes(Array(buffer[..<count])) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN: return .wouldBlock
            default: return .endOfStream
            }
        }
    }

    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}
