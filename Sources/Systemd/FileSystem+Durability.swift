import CSystemd
import Glibc

/// Files put on disk for good: created without replacing anything, copied and synced, then put in
/// place by a link or a rename and the directory synced, so a crash leaves the old file or the new
/// one, never part of one.
extension FileSystem {
    /// Creates an empty file at `path` with `mode` (less the umask); fails when anything is there.
    public static func createNew(_ path: String, mode: UInt32 = 0o600) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw SystemError("create \(path)", errno: errno) }
        Glibc.close(descriptor)
    }

    /// Copies every byte of `source` over the existing file `destination` (emptied first) and syncs
    /// it to disk; returns how many bytes were copied.
    @discardableResult
    public static func copyContents(of source: String, into destination: String) throws(SystemError) -> Int {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw SystemError("open \(source)", errno: errno) }
        defer { Glibc.close(input) }
        let output = open(destination, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard output >= 0 else { throw SystemError("open \(destination)", errno: errno) }
        defer { Glibc.close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = try DescriptorIO.retryingInterrupts("read \(source)") {
                buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                written += try DescriptorIO.retryingInterrupts("write \(destination)") {
                    buffer[written..<count].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
                }
            }
            total += count
        }
        guard fsync(output) == 0 else { throw SystemError("fsync \(destination)", errno: errno) }
        return total
    }

    /// Syncs the file or directory at `path` to disk (for a directory: the names in it).
    public static func sync(_ path: String) throws(SystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open \(path)", errno: errno) }
        defer { Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SystemError("fsync \(path)", errno: errno) }
    }

    /// Starts writing the file's changed pages to disk without waiting for them, so that a later
    /// `sync` of a file written bit by bit has little left to wait for. Best effort: a failure only
    /// leaves more for that `sync`.
    public static func startWriteback(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = medd_start_writeback(descriptor)
        Glibc.close(descriptor)
    }

    /// Gives the file at `existing` a second name, `new`; fails when `new` exists (never replaces it).
    public static func link(_ existing: String, as new: String) throws(SystemError) {
        guard Glibc.link(existing, new) == 0 else { throw SystemError("link(\(existing), \(new))", errno: errno) }
    }

    /// Puts `source` in place as `destination` unless something is there already (never replaces it):
    /// a second name, or where the file system has no hard links (vfat and exFAT: a USB stick) a
    /// rename that refuses to replace.
    public static func moveNoReplace(_ source: String, to destination: String) throws(SystemError) {
        if Glibc.link(source, destination) == 0 {
            Glibc.unlink(source)
            return
        }
        let linkError = errno
        guard [EPERM, EOPNOTSUPP, ENOSYS, EMLINK].contains(linkError) else {
            throw SystemError("link(\(source), \(destination))", errno: linkError)
        }
        guard medd_rename_no_replace(source, destination) == 0 else {
            throw SystemError("renameat2(\(source), \(destination), RENAME_NOREPLACE)", errno: errno)
        }
    }

    /// Moves `source` to `destination` in one step, replacing what `destination` named.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        guard Glibc.rename(source, destination) == 0 else { throw SystemError("rename(\(source), \(destination))", errno: errno) }
    }
}
