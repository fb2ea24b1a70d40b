import CSystemd
import Glibc

/// A `sockaddr_un` for a filesystem path, or an abstract name written `@name` (as `$NOTIFY_SOCKET` may be).
public struct SocketAddress {
    /// The longest path an address holds, in bytes.
    public static let longestPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    private var storage = sockaddr_un()
    private var length = socklen_t(MemoryLayout<sockaddr_un>.size)

    public init(path: String) throws(SocketError) {
        storage.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") {
            bytes[0] = 0
            length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        }
        guard !bytes.isEmpty, bytes.count <= Self.longestPath else {
            throw SocketError("socket path \(path) is \(bytes.count) bytes; it must be 1 to \(Self.longestPath)")
        }
        withUnsafeMutableBytes(of: &storage.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
    }

    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Whether something accepts connections at this path right now.
    mutating func answers() -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return withSockaddr { connect(probe, $0, $1) } == 0
    }
}

/// Why the control socket could not be set up, in words for the user.
public struct SocketError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
