import Systemd

/// One daemon per state directory: `ledger.lock` holds the owner's PID under an exclusive lock.
final class LedgerLock: Sendable {
    private let lock: PIDFileLock

    init(directory: String) throws(LedgerError) {
        let path = directory + "/ledger.lock"
        do {
            lock = try PIDFileLock(path: path)
        } catch {
            switch error {
            case .held(let owner):
                throw LedgerError(.locked, "\(directory) is in use by another medd\(owner.map { " (pid \($0))" } ?? ""); stop it first, or pass a different --state-dir")
            case .cannotOpen(let failure, let readOnly):
                throw LedgerError(readOnly ? .readOnly : .io, "cannot open \(path): \(failure.reason)")
            }
        }
    }
}
