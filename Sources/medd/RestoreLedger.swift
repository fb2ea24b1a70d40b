import MeddCore
import MeddStore
import Systemd

/// `medd --restore FILE`: checks FILE and makes it the state directory's ledger, saying what it did;
/// every refusal says why and leaves the ledger in place as it was.
enum RestoreLedger {
    /// Exit statuses (sysexits.h): the file's fault, the file unreadable, the directory unwritable, a
    /// medd running there, FILE being that ledger already.
    static let refusedStatus: Int32 = 65
    static let unreadableStatus: Int32 = 66
    static let cannotInstallStatus: Int32 = 74
    static let inUseStatus: Int32 = 75
    static let sameFileStatus: Int32 = 64

    static func run(file: String, stateDirectory: String) -> Int32 {
        let now = Instant(usec: Int64(EventLoop.wallClockUsec()))
        let outcome: LedgerRestore.Outcome
        do {
            outcome = try LedgerRestore.restore(from: file, into: stateDirectory, now: now)
        } catch {
            StandardErrorDestination.write("medd: \(error.message)\nmedd: nothing was restored; the ledger in \(stateDirectory) is as it was")
            return exitStatus(error.code)
        }
        let report = outcome.report
        var lines = ["restored \(file) as \(outcome.ledger): \(report.events) events, \(report.doses) doses, schema \(report.schema)"]
        if report.schema != LedgerSchema.currentVersion {
            lines.append("schema \(report.schema) is older than this medd's \(LedgerSchema.currentVersion); medd brings it up to date when it starts")
        }
        if let replaced = outcome.replaced {
            lines.append("the ledger it replaced is kept as \(replaced)")
        }
        lines.append("start medd again: systemctl --user start medd.socket")
        print(lines.joined(separator: "\n"))
        return 0
    }

    static func exitStatus(_ code: LedgerRestoreError.Code) -> Int32 {
        switch code {
        case .notSQLite, .truncated, .damaged, .notALedger, .newerSchema: refusedStatus
        case .unreadable: unreadableStatus
        case .cannotInstall: cannotInstallStatus
        case .inUse: inUseStatus
        case .sameFile: sameFileStatus
        }
    }
}
