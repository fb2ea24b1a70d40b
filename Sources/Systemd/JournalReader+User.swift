import Glibc

extension JournalReader {
    /// Only entries logged by processes running as this process's (real) user.
    public func addMatchCurrentUser() throws(SystemError) {
        try addMatch("_UID", String(getuid()))
    }
}
