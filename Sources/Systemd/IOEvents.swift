import CSystemd
import Glibc

/// What an I/O source waits for, and what it found ready (epoll's `EPOLL*` bits).
public struct IOEvents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let readable = IOEvents(rawValue: EPOLLIN.rawValue)
    public static let writable = IOEvents(rawValue: EPOLLOUT.rawValue)
    /// Reported whether asked for or not.
    public static let error = IOEvents(rawValue: EPOLLERR.rawValue)
    /// Reported whether asked for or not.
    public static let hangUp = IOEvents(rawValue: EPOLLHUP.rawValue)
}

/// What an inotify watch on a directory reports (`IN_*` bits).
public struct FileEvents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let created = FileEvents(rawValue: UInt32(IN_CREATE))
    public static let movedIn = FileEvents(rawValue: UInt32(IN_MOVED_TO))
    public static let writtenAndClosed = FileEvents(rawValue: UInt32(IN_CLOSE_WRITE))
    public static let deleted = FileEvents(rawValue: UInt32(IN_DELETE))
    public static let attributesChanged = FileEvents(rawValue: UInt32(IN_ATTRIB))
    /// Watch a symbolic link itself, not what it points to.
    public static let doNotFollow = FileEvents(rawValue: UInt32(IN_DONT_FOLLOW))
}
