import CSystemd
import Glibc

/// A failed system or libsystemd call: which call, and the errno it reported.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// libsystemd returns `-errno`; this turns a negative return into the error.
    static func check(_ call: String, _ result: Int32) throws(SystemError) -> Int32 {
        guard result >= 0 else { throw SystemError(call, errno: -result) }
        return result
    }

    public var description: String { "\(call): \(reason)" }

    /// The errno's text alone, as `strerror` words it.
    public var reason: String { String(cString: strerror(errno)) }
}

extension SystemError {
    /// The path (or a directory on it) does not exist.
    public var fileIsMissing: Bool { errno == ENOENT || errno == ENOTDIR }
    /// The path is a directory where a file was wanted.
    public var isDirectory: Bool { errno == EISDIR }
    /// The file's permissions refuse the access.
    public var permissionDenied: Bool { errno == EACCES || errno == EPERM }
    /// What sd-journal says of a file that is not a journal file it can read (too short, bad header,
    /// a newer format).
    public var isNotAJournalFile: Bool { [ENODATA, EBADMSG, EPROTONOSUPPORT].contains(errno) }
    /// The file system is mounted read-only.
    public var readOnlyFileSystem: Bool { errno == EROFS }
    /// Something is already there (a file that must not be replaced).
    public var alreadyExists: Bool { errno == EEXIST }

    /// True when a journal send failed because no journald is listening (no socket, or a stale one):
    /// keep the entry and retry later. Other errors (say `EMSGSIZE`) will not go away by waiting.
    public var journalIsUnavailable: Bool {
        [ENOENT, ECONNREFUSED, ENOTCONN, EAGAIN, ENOBUFS].contains(errno)
    }
}
