import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One daemon per state directory: an exclusive `flock` on `ledger.lock`, holding the owner's PID.
final class LedgerLock: Sendable {
    private let descriptor: Int32
    let path: String

    init(directory: String) throws(LedgerError) {
        path = directory + "/ledger.lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw LedgerError(errno == EROFS || errno == EACCES ? .readOnly : .io, "cannot open \(path): \(reason)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let owner = Self.readOwner(descriptor)
            close(descriptor)
            throw LedgerError(.locked, "\(directory) is in use by another medd\(owner.map { " (pid \($0))" } ?? ""); stop it first, or pass a different --state-dir")
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func readOwner(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
