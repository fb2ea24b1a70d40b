import CSystemd
import Glibc

/// Where standard error goes, so log lines are written once, in the form that place reads.
/// systemd sets `$JOURNAL_STREAM` to `DEVICE:INODE` of the stream it connected to journald; when
/// standard error is that stream, journald already has whatever is written there.
public enum StandardErrorDestination: Sendable {
    /// journald's stream: it reads a `<N>` priority prefix.
    case journal
    /// A person reads it.
    case terminal
    /// A file or a pipe.
    case elsewhere

    public static func current() -> Self {
        current(journalStream: getenv("JOURNAL_STREAM").map { String(cString: $0) })
    }

    static func current(journalStream: String?) -> Self {
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return .elsewhere }
        if let journalStream {
            let parts = journalStream.split(separator: ":")
            if parts.count == 2, UInt64(parts[0]) == UInt64(status.st_dev), UInt64(parts[1]) == UInt64(status.st_ino) {
                return .journal
            }
        }
        return DescriptorIO.isTerminal(STDERR_FILENO) ? .terminal : .elsewhere
    }

    /// Writes `line` and a newline to standard error.
    @Sendable public static func write(_ line: String) {
        try? DescriptorIO.writeAll(Array((line + "\n").utf8), to: STDERR_FILENO)
    }
}
