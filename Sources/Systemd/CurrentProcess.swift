import Glibc

/// This process: ending it, or becoming another program.
public enum CurrentProcess {
    /// The real user ID the process runs as.
    public static var userID: UInt32 { getuid() }

    /// This process's ID.
    public static var processID: Int32 { getpid() }

    /// Flushes standard output and ends the process with `status`.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// The absolute path of the running executable (`/proc/self/exe`).
    public static func executablePath() throws(SystemError) -> String {
        try FileReader.symlinkTarget(at: "/proc/self/exe")
    }

    /// Whether `path` names a regular file this process may execute.
    public static func canExecute(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// Replaces this process with the program at `path` (no `PATH` search), given `arguments` as
    /// its `argv` and this process's environment. Returns only by throwing.
    public static func replace(with path: String, arguments: [String]) throws(SystemError) -> Never {
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(path, pointers)
        let failure = errno
        pointers.forEach { free($0) }
        throw SystemError("execv(\(path))", errno: failure)
    }
}
