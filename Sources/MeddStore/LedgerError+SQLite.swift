import GRDB

extension LedgerError {
    /// Translates a SQLite failure into a precise, actionable error about `path`.
    static func from(_ error: any Error, path: String, doing action: String) -> LedgerError {
        if let ledgerError = error as? LedgerError { return ledgerError }
        guard let dbError = error as? DatabaseError else {
            return LedgerError(.io, "\(path): \(action) failed: \(error)")
        }
        let detail = dbError.message ?? "\(dbError.resultCode)"
        switch dbError.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return LedgerError(.corrupt, "\(path) is damaged or not a medd ledger (\(detail)); medd left it untouched. Move it aside to start a new ledger: mv \(path) \(path).broken")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return LedgerError(.readOnly, "cannot write \(path) (\(detail)) while trying to \(action); check that its directory is writable by you and not on a read-only file system")
        case .SQLITE_FULL:
            return LedgerError(.full, "the disk holding \(path) is full (\(detail)); nothing was recorded. Free some space and try again")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return LedgerError(.locked, "\(path) is locked by another process (\(detail))")
        default:
            return LedgerError(.io, "\(path): could not \(action): \(detail)")
        }
    }
}
