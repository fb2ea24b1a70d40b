import Glibc

extension SystemError {
    /// The errno in words, without the call: `No such file or directory`.
    public var reason: String { String(cString: strerror(errno)) }
}
