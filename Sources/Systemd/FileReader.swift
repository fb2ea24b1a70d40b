import Glibc

/// Whole files and symbolic links, read with plain system calls.
public enum FileReader {
    /// Larger files are refused: nothing medd reads comes near this, and `/dev/zero` never ends.
    public static let sizeLimit = 16 << 20

    /// Every byte of the file at `path`.
    public static func bytes(at path: String) throws(SystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open(\(path))", errno: errno) }
        defer { Glibc.close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try DescriptorIO.retryingInterrupts("read(\(path))") {
                chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
            if count == 0 { return contents }
            contents += chunk[..<count]
            guard contents.count <= sizeLimit else { throw SystemError("read(\(path))", errno: EFBIG) }
        }
    }

    /// Up to the first `count` bytes of the file at `path` (fewer when the file is shorter).
    public static func firstBytes(at path: String, count: Int) throws(SystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open(\(path))", errno: errno) }
        defer { Glibc.close(descriptor) }
        var contents = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = try DescriptorIO.retryingInterrupts("read(\(path))") {
                contents[filled...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
            if read == 0 { break }
            filled += read
        }
        return Array(contents[..<filled])
    }

    /// Where the symbolic link at `path` points.
    public static func symlinkTarget(at path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw SystemError("readlink(\(path))", errno: errno) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
