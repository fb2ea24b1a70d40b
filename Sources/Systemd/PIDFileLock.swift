import Glibc

/// One process at a time: an exclusive, non-blocking `flock` on a file that holds the owner's PID.
/// Released when the lock is dropped or the process dies.
public final class PIDFileLock: Sendable {
    public enum Failure: Error, Sendable {
        /// Another process holds it; its PID when the file names one.
        case held(owner: String?)
        /// The file cannot be opened; `readOnly` when the file system or permissions forbid writing.
        case cannotOpen(SystemError, readOnly: Bool)
    }

    private let descriptor: Int32
    public let path: String

    public init(path: String) throws(Failure) {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let failure = errno
            throw .cannotOpen(SystemError("open \(path)", errno: failure), readOnly: failure == EROFS || failure == EACCES)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let owner = Self.readOwner(descriptor)
            close(descriptor)
            throw .held(owner: owner)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func readOwner(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }
}
