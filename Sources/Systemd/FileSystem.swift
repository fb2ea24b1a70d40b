import Glibc

/// Directories and whole files by path, for state kept beside the ledger and the socket.
public enum FileSystem {
    /// Creates `path` and any missing parents (`mkdir -p`), new ones with `mode` less the umask.
    public static func createDirectories(_ path: String, mode: UInt32 = 0o755) throws(SystemError) {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty && !path.hasPrefix("/") ? "" : "/") + component
            guard mkdir(prefix, mode) != 0 else { continue }
            let failure = errno
            // An existing directory is fine, whatever mkdir says of it (EEXIST, or EACCES/EROFS for
            // a parent medd may not write, such as /home).
            guard isDirectory(prefix) else {
                throw SystemError("mkdir(\(prefix))", errno: failure == EEXIST ? ENOTDIR : failure)
            }
        }
    }

    /// Whether `path` is a directory (following symbolic links).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Replaces `path` with `bytes` in one step: readers see the old file or the new one, never part.
    public static func replaceFile(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        let temporary = path + ".new"
        do {
            try DescriptorIO.writeFile(bytes, path: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        guard Glibc.rename(temporary, path) == 0 else {
            let failure = SystemError("rename(\(temporary), \(path))", errno: errno)
            unlink(temporary)
            throw failure
        }
    }

    /// Makes a new directory only its owner may enter, `template` with its last six `X`s made unique
    /// (mkdtemp(3)); returns its path.
    public static func makePrivateDirectory(_ template: String) throws(SystemError) -> String {
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw SystemError("mkdtemp(\(template))", errno: errno) }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the empty directory at `path`; a missing one is not an error.
    public static func removeDirectory(_ path: String) {
        _ = rmdir(path)
    }

    /// Removes the file at `path`; a missing file is not an error.
    public static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    /// The directory part of `path` ("." for a bare name, "/" for a file in the root).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Whether anything (a file, a directory, a dangling link's target aside) exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The size in bytes of the file at `path`.
    public static func size(of path: String) throws(SystemError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw SystemError("stat(\(path))", errno: errno) }
        return Int(status.st_size)
    }

    /// The permission bits of the file at `path` (following links), such as 0o600.
    public static func permissions(of path: String) throws(SystemError) -> UInt32 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw SystemError("stat(\(path))", errno: errno) }
        return UInt32(status.st_mode) & 0o7777
    }

    /// The program a name without a slash means, looked up in the directories of `searchPath` (`PATH`)
    /// as execvp(3) does; a name with a slash as it is. Nil when no executable file is found.
    public static func executable(named name: String, searchPath: String?) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0, !isDirectory(candidate) { return candidate }
        }
        return nil
    }

    /// Whether the two paths name the same file (device and inode); false when either is missing.
    public static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// The names in the directory at `path`, without `.` and `..`, in no particular order.
    public static func names(in path: String) throws(SystemError) -> [String] {
        guard let directory = opendir(path) else { throw SystemError("opendir(\(path))", errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The absolute form of `path`: itself when it starts with `/`, else under the working directory.
    public static func absolute(_ path: String) throws(SystemError) -> String {
        path.hasPrefix("/") ? path : try currentDirectory() + "/" + path
    }

    /// The process's working directory.
    public static func currentDirectory() throws(SystemError) -> String {
        guard let buffer = getcwd(nil, 0) else { throw SystemError("getcwd", errno: errno) }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}
