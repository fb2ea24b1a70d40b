import CSystemd
import Glibc

/// One accepted connection on a listening stream socket, non-blocking, with its peer's UID.
public final class StreamConnection: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    public let descriptor: Int32
    /// The peer's UID from `SO_PEERCRED`, taken at accept time.
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
        while true {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN: return 0
            default: return nil
            }
        }
    }

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    deinit { close() }
}
