import CSystemd
import Glibc

/// Matches, as `sd_journal_add_match(3)` combines them: matches on the same field are ORed, on different
/// fields ANDed; `addDisjunction()` ORs everything so far with what follows, `addConjunction()` ANDs it.
extension JournalReader {
    /// Only entries whose `field` equals `value`, e.g. `addMatch("SYSLOG_IDENTIFIER", "medd")`.
    public func addMatch(_ field: String, _ value: String) throws(SystemError) {
        let match = Array("\(field)=".utf8) + Array(value.utf8)
        let result = match.withUnsafeBytes { sd_journal_add_match(handle, $0.baseAddress, $0.count) }
        _ = try SystemError.check("sd_journal_add_match(\(field))", result)
    }

    public func addDisjunction() throws(SystemError) {
        _ = try SystemError.check("sd_journal_add_disjunction", sd_journal_add_disjunction(handle))
    }

    public func addConjunction() throws(SystemError) {
        _ = try SystemError.check("sd_journal_add_conjunction", sd_journal_add_conjunction(handle))
    }

    /// Only entries logged by processes running as this process's (real) user.
    public func addMatchCurrentUser() throws(SystemError) {
        try addMatch("_UID", String(getuid()))
    }

    /// Drops every match: all entries pass again.
    public func flushMatches() { sd_journal_flush_matches(handle) }
}
