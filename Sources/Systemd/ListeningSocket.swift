import CSystemd
import Glibc

/// The control socket's listening descriptor: passed by systemd (socket activation), or bound here.
public struct ListeningSocket: Sendable {
    public let descriptor: Int32
    /// Whether systemd passed it (then it is systemd's to unlink, not ours).
    public let activated: Bool
    public let path: String

    /// Takes the first socket systemd passed, if any; otherwise binds `path` (directory 0700,
    /// socket 0600). Refuses when another process answers on `path`; removes a stale socket file.
    public static func open(path: String) throws(SocketError) -> ListeningSocket {
        if let passed = passedSocket() { return ListeningSocket(descriptor: passed, activated: true, path: path) }
        return try bind(path: path)
    }

    static func passedSocket() -> Int32? {
        let count = sd_listen_fds(1)
        guard count > 0 else { return nil }
        let descriptor = SD_LISTEN_FDS_START
        guard sd_is_socket_unix(descriptor, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0 else { return nil }
        return descriptor
    }

    static func bind(path: String) throws(SocketError) -> ListeningSocket {
        let directory = FileSystem.directory(of: path)
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw SocketError("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        var address = try SocketAddress(path: path)
        var status = stat()
        if stat(path, &status) == 0 {
            if address.answers() {
                throw SocketError("another process is already answering on \(path); is medd already running? (`medctl status`)")
            }
            Glibc.unlink(path)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError("socket(): \(String(cString: strerror(errno)))") }
        let previousMask = umask(0o177)
        let bound = address.withSockaddr { Glibc.bind(descriptor, $0, $1) }
        umask(previousMask)
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw SocketError("cannot listen on \(path): \(reason)")
        }
        chmod(path, 0o600)
        return ListeningSocket(descriptor: descriptor, activated: false, path: path)
    }

    /// Removes the socket file (one medd bound itself; an activated socket is systemd's).
    public func unlink() {
        _ = Glibc.unlink(path)
    }
}
