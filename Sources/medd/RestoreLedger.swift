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
            // TRANSLATORS: medd --restore refused a file: %1$s is the state directory.
            let untouched = tr("nothing was restored; the ledger in %1$s is as it was", stateDirectory)
            StandardErrorDestination.write("medd: \(error.message.localized)\nmedd: \(untouched)")
            return exitStatus(error.code)
        }
        let report = outcome.report
        let events = trn("%1$d event", "%1$d events", count: report.events, String(report.events))
        let doses = trn("%1$d dose", "%1$d doses", count: report.doses, String(report.doses))
        // TRANSLATORS: medd --restore made FILE (%1$s) the ledger (%2$s), which holds %3$s ("12 events") and %4$s
        // ("5 doses"); %5$s is its schema version, like v3.
        var lines = [tr("restored %1$s as %2$s: %3$s, %4$s, schema %5$s", file, outcome.ledger, events, doses, report.schema)]
        if report.schema != LedgerSchema.currentVersion {
            // TRANSLATORS: %1$s and %2$s are versions of the ledger's schema, like v3.
            lines.append(tr("schema %1$s is older than this medd's %2$s; medd brings it up to date when it starts",
                            report.schema, LedgerSchema.currentVersion))
        }
        if let replaced = outcome.replaced {
            // TRANSLATORS: %1$s is the path the old ledger was moved to.
            lines.append(tr("the ledger it replaced is kept as %1$s", replaced))
        }
        // TRANSLATORS: %1$s is a command, never translated.
        lines.append(tr("start medd again: %1$s", "systemctl --user start medd.socket"))
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
