import CSystemd
import Glibc

/// Talks to the service manager over `$NOTIFY_SOCKET` (sd_notify). Without one, every call is a no-op.
public enum Notifier {
    /// Start-up is complete; `status` is shown by `systemctl status`.
    public static func ready(status: String) {
        send("READY=1\nSTATUS=\(status)")
    }

    public static func status(_ status: String) {
        send("STATUS=\(status)")
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
}
