import Glibc

extension SystemError {
    /// True when a journal send failed because no journald is listening (no socket, or a stale one):
    /// keep the entry and retry later. Other errors (say `EMSGSIZE`) will not go away by waiting.
    public var journalIsUnavailable: Bool {
        [ENOENT, ECONNREFUSED, ENOTCONN, EAGAIN, ENOBUFS].contains(errno)
    }
}
