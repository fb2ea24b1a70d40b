import Glibc

/// A non-blocking connection to journald's native socket, for senders that must never stall the
/// loop: a full queue is reported as `wouldBlock` (watch `descriptor` for `EPOLLOUT` and retry)
/// instead of blocking like libsystemd's `sd_journal_sendv`.
public final class JournalSocket: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    public enum SendResult: Sendable {
        case sent
        /// journald's queue is full; try again when `descriptor` is writable.
        case wouldBlock
        /// No journald answers (no socket, or a stale one); try again later.
        case unavailable(SystemError)
        /// journald will never take this entry (too large, a bad field name).
        case refused(String)
    }

    private let path: String
    /// The connected socket, or -1 before the first send and after journald went away.
    public private(set) var descriptor: Int32 = -1

    public init(path: String = JournalWriter.socketPath) {
        self.path = path
    }

    deinit { disconnect() }

    /// Sends one entry (`CODE_*` fields are the caller's to add) as one datagram in journald's native format.
    public func send(_ fields: [(String, String)]) -> SendResult {
        var datagram: [UInt8] = []
        for (name, value) in fields {
            guard JournalFieldName.isValid(name) else { return .refused("field name \(name) is not valid for the journal") }
            datagram.append(contentsOf: name.utf8)
            if value.utf8.contains(UInt8(ascii: "\n")) {
                // Binary-safe form: NAME\n, the length as 64-bit little endian, the value, \n.
                datagram.append(UInt8(ascii: "\n"))
                withUnsafeBytes(of: UInt64(value.utf8.count).littleEndian) { datagram.append(contentsOf: $0) }
            } else {
                datagram.append(UInt8(ascii: "="))
            }
            datagram.append(contentsOf: value.utf8)
            datagram.append(UInt8(ascii: "\n"))
        }
        if descriptor < 0, let failure = connect() { return .unavailable(failure) }
        do {
            _ = try DescriptorIO.retryingInterrupts("send to \(path)") {
                datagram.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            return .sent
        } catch {
            switch error.errno {
            case EAGAIN: return .wouldBlock
            case EMSGSIZE: return .refused("the entry is \(datagram.count) bytes, more than a datagram carries")
            default:
                disconnect()
                return .unavailable(error)
            }
        }
    }

    private func connect() -> SystemError? {
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socketDescriptor >= 0 else { return SystemError("socket", errno: errno) }
        guard var address = try? SocketAddress(path: path) else {
            Glibc.close(socketDescriptor)
            return SystemError("journal socket \(path)", errno: ENAMETOOLONG)
        }
        guard address.withSockaddr({ Glibc.connect(socketDescriptor, $0, $1) }) == 0 else {
            let failure = errno
            Glibc.close(socketDescriptor)
            return SystemError("journal socket \(path)", errno: failure)
        }
        descriptor = socketDescriptor
        return nil
    }

    private func disconnect() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
