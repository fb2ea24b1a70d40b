import Glibc

/// A file someone may edit at the same time, replaced whole: a copy beside it written and synced with the
/// file's own permission bits, put in place by a rename and the directory synced, so that a crash at any
/// point leaves the old file or the new one, never part of one; and only while it still holds what was
/// read from it, so that a change made by someone else in between is never overwritten.
extension FileSystem {
    public enum ReplacementOutcome: Sendable {
        case replaced
        /// The file no longer held the bytes expected (or came to exist): nothing was written.
        case changedMeanwhile
    }

    /// Replaces the file at `path` (a symbolic link's target, which keeps its link) with `bytes`, if it
    /// still holds `original`; with `original` nil, creates it with `newMode` (less the umask) if it still
    /// does not exist. A file without its owner's write permission is refused (EACCES), even for root, as an editor
    /// would refuse it.
    public static func replace(_ path: String, with bytes: [UInt8], ifStill original: [UInt8]?,
                               newMode: UInt32 = 0o644) throws(SystemError) -> ReplacementOutcome {
        let target = original == nil ? path : try resolvedPath(path)
        var mode = newMode & ~currentUmask()
        var owner: (user: uid_t, group: gid_t)?
        if original != nil {
            var status = stat()
            guard stat(target, &status) == 0 else { throw SystemError("stat(\(target))", errno: errno) }
            mode = UInt32(status.st_mode) & 0o7777
            owner = (status.st_uid, status.st_gid)
            guard mode & 0o200 != 0 else { throw SystemError("mode of \(target)", errno: EACCES) }
            guard access(target, W_OK) == 0 else { throw SystemError("access(\(target), W_OK)", errno: errno) }
        }
        let directory = directory(of: target)
        let prefix = ".\(name(of: target)).medctl-"
        removeLeftovers(in: directory, prefix: prefix)
        let temporary = "\(directory)/\(prefix)\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError("create \(temporary)", errno: errno) }
        var putInPlace = false
        defer { if !putInPlace { unlink(temporary) } }
        do throws(SystemError) {
            // The file's owner and group kept where this process may (root editing someone's file); the
            // mode after, since a change of owner clears set-ID bits.
            if let owner { _ = fchown(descriptor, owner.user, owner.group) }
            guard fchmod(descriptor, mode_t(mode)) == 0 else { throw SystemError("fchmod(\(temporary))", errno: errno) }
            try DescriptorIO.writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw SystemError("fsync(\(temporary))", errno: errno) }
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        try DescriptorIO.close(descriptor, path: temporary)
        if let original {
            guard (try? FileReader.bytes(at: target)) == original else { return .changedMeanwhile }
            try rename(temporary, to: target)
        } else {
            do {
                try moveNoReplace(temporary, to: target)
            } catch where error.alreadyExists {
                return .changedMeanwhile
            }
        }
        putInPlace = true
        // The new file is in place whatever this says; a directory that cannot be synced (some FUSE file
        // systems) leaves the rename to the next writeback, and is no reason to report a failure.
        try? sync(directory)
        return .replaced
    }

    /// The copies that processes killed while replacing a file left beside it (`prefix` and a process
    /// ID no longer running).
    private static func removeLeftovers(in directory: String, prefix: String) {
        for name in (try? names(in: directory)) ?? [] where name.hasPrefix(prefix) {
            // One of this process's own ID is a leftover too: of a process before it in another PID namespace.
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0,
                  pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            unlink("\(directory)/\(name)")
        }
    }

    /// The file `path` names, its symbolic links followed.
    private static func resolvedPath(_ path: String) throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw SystemError("realpath(\(path))", errno: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func currentUmask() -> UInt32 {
        let mask = umask(0o022)
        umask(mask)
        return UInt32(mask)
    }
}
