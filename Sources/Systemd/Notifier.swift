import CSystemd
import Glibc

/// Talks to the service manager over `$NOTIFY_SOCKET` (sd_notify). Without one, every call is a no-op.
public enum Notifier {
    /// Start-up is complete; `status` is shown by `systemctl status`.
    public static func ready(status: String) {
        send("READY=1\nSTATUS=\(status)")
    }

    /// A status change. Sent without blocking: a manager that stops reading loses status lines
    /// rather than stalling the daemon's loop (libsystemd's sd_notify blocks on a full queue).
    public static func status(_ status: String) {
        sendWithoutBlocking("STATUS=\(status)")
    }

    public static func reloading() {
        send("RELOADING=1")
    }

    /// Reload finished: ready again.
    public static func reloaded(status: String) {
        send("READY=1\nSTATUS=\(status)")
    }

    public static func stopping() {
        send("STOPPING=1")
    }

    /// Whether the service manager is listening at all.
    public static var isSupervised: Bool {
        sd_booted() >= 0 && getenv("NOTIFY_SOCKET") != nil
    }

    private static func send(_ message: String) {
        _ = sd_notify(0, message)
    }

    private static func sendWithoutBlocking(_ message: String) {
        guard let path = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), var address = try? SocketAddress(path: path) else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(message.utf8)
        _ = address.withSockaddr { pointer, length in
            bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), pointer, length) }
        }
    }
}
