import Glibc

/// Blocking writes for command-line tools, and whether a person is watching. A transfer ends when all
/// bytes are taken or with the errno that stopped it.
extension DescriptorIO {
    public static let standardOutput = STDOUT_FILENO

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Writes all of `bytes` to `descriptor`, blocking until they are written.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        try transferAll(bytes, call: "write") { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Opens `path` as a shell's `>` does (created with mode 0666 less the umask, else emptied; a FIFO or
    /// `/dev/stdout` works too), writes all of `bytes` and closes it.
    public static func writeFile(_ bytes: [UInt8], path: String) throws(SystemError) {
        let descriptor = try create(path: path)
        do {
            try writeAll(bytes, to: descriptor)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        try close(descriptor, path: path)
    }

    /// Opens `path` for writing as `writeFile` does; the caller closes the descriptor.
    public static func create(path: String) throws(SystemError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError("open(\(path))", errno: errno) }
        return descriptor
    }

    /// Closes a descriptor `create` opened; an error says the last writes may not have reached `path`.
    public static func close(_ descriptor: Int32, path: String) throws(SystemError) {
        guard Glibc.close(descriptor) == 0 else { throw SystemError("close(\(path))", errno: errno) }
    }

    /// Hands what is left of `bytes` to `transfer` (one write(2) or send(2)) until all are taken.
    static func transferAll(_ bytes: [UInt8], call: String, _ transfer: (UnsafeRawBufferPointer) -> Int) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = try retryingInterrupts(call) { bytes[offset...].withUnsafeBytes(transfer) }
            offset += count
        }
    }
}

extension DescriptorIO {
    public static let standardInput = STDIN_FILENO

    /// Reads `descriptor` to its end, blocking; nil when it holds more than `limit` bytes.
    public static func readAll(_ descriptor: Int32, limit: Int) throws(SystemError) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try retryingInterrupts("read") { buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
            if bytes.count > limit { return nil }
        }
    }
}
