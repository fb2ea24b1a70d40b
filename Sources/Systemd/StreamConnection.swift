import CSystemd
import Glibc

/// One connection on a Unix stream socket, with its peer's UID: accepted by the daemon (non-blocking,
/// `read` and `write`), or made by a client with `connect(to:)` (blocking, `send(all:)` and `receive`).
public final class StreamConnection: @unchecked Sendable {
    // @unchecked: confined to one thread (the daemon's loop thread, or a client's only one).
    public let descriptor: Int32
    /// The peer's UID from `SO_PEERCRED`, taken at accept or connect time.
    public let peerUID: UInt32
    private var closed = false

    init(descriptor: Int32, peerUID: UInt32) {
        self.descriptor = descriptor
        self.peerUID = peerUID
    }

    /// Accepts one pending connection on `listener`; nil when none is waiting.
    public static func accept(on listener: Int32) throws(SystemError) -> StreamConnection? {
        let descriptor = medd_accept(listener)
        if descriptor < 0 {
            switch errno {
            case EAGAIN, EINTR, ECONNABORTED: return nil
            default: throw SystemError("accept4", errno: errno)
            }
        }
        return try adopting(descriptor)
    }

    /// Connects to the listening socket at `address` and returns the connection, which blocks.
    public static func connect(to address: SocketAddress) throws(SystemError) -> StreamConnection {
        var address = address
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemError("socket", errno: errno) }
        guard address.withSockaddr({ Glibc.connect(descriptor, $0, $1) }) == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw SystemError("connect", errno: failure)
        }
        return try adopting(descriptor)
    }

    /// The connection on a connected descriptor, with its peer's UID; the descriptor is closed if that fails.
    private static func adopting(_ descriptor: Int32) throws(SystemError) -> StreamConnection {
        var uid: uid_t = 0
        guard medd_peer_uid(descriptor, &uid) == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw SystemError("getsockopt(SO_PEERCRED)", errno: failure)
        }
        return StreamConnection(descriptor: descriptor, peerUID: uid)
    }

    /// Makes a descriptor (one systemd passed, say) non-blocking.
    public static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw SystemError("fcntl(O_NONBLOCK)", errno: errno)
        }
    }

    /// Both ends of a connected Unix stream socket pair, non-blocking and close-on-exec: a connection
    /// and the descriptor of its peer, for driving a connection without a listening socket.
    public static func pair() throws(SystemError) -> (connection: StreamConnection, peer: Int32) {
        var ends: [Int32] = [0, 0]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw SystemError("socketpair", errno: errno) }
        return (StreamConnection(descriptor: ends[0], peerUID: ownUID), ends[1])
    }

    /// The effective UID of this process: the owner the control socket serves.
    public static var ownUID: UInt32 { geteuid() }

    /// Reads what is available, up to `limit` bytes.
    public func read(limit: Int = 16 * 1024) -> ReadResult {
        DescriptorIO.read(descriptor, limit: limit)
    }

    /// Writes as much of `bytes` as the socket takes now; returns how many, or nil when the connection broke.
    public func write(_ bytes: ArraySlice<UInt8>) -> Int? {
        do {
            return try DescriptorIO.retryingInterrupts("send") { bytes.withUnsafeBytes(sendSome) }
        } catch {
            return error.errno == EAGAIN ? 0 : nil
        }
    }

    /// Sends all of `bytes`, blocking until the socket has taken them.
    public func send(all bytes: [UInt8]) throws(SystemError) {
        try DescriptorIO.transferAll(bytes, call: "send", sendSome)
    }

    /// Blocks until bytes arrive and returns up to `limit` of them; none at the end of the stream.
    public func receive(limit: Int = 64 * 1024) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = try DescriptorIO.retryingInterrupts("recv") {
            buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return Array(buffer[..<count])
    }

    /// One send(2) that never raises SIGPIPE: a peer gone away is an error (EPIPE) instead.
    private func sendSome(_ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    }

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    deinit { close() }
}
