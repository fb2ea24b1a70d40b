import SQLite

extension LedgerError {
    /// Translates a SQLite failure into a precise, actionable error about `path`.
    static func from(_ error: SQLiteError, path: String, doing action: String) -> LedgerError {
        let detail = error.message
        switch error.kind {
        case .corrupt:
            return LedgerError(.corrupt, "\(path) is damaged or not a medd ledger (\(detail)); medd left it untouched. Move it aside to start a new ledger: mv \(path) \(path).broken")
        case .notWritable:
            return LedgerError(.readOnly, "cannot write \(path) (\(detail)) while trying to \(action); check that its directory is writable by you and not on a read-only file system")
        case .full:
            return LedgerError(.full, "the disk holding \(path) is full (\(detail)); nothing was recorded. Free some space and try again")
        case .busy:
            return LedgerError(.locked, "\(path) is locked by another process (\(detail))")
        case .constraint, .other:
            return LedgerError(.io, "\(path): could not \(action): \(detail)")
        }
    }
}
