import MeddCore

/// Where a report's answers come from: medd's ledger (asked over its socket) or medd's entries in a
/// systemd journal. Kept as what it is rather than in words, so each program words it in its own
/// language; the JSON names its kind (`ledger`, `journal`, `journalDirectory`, `journalFiles`).
public enum ReportSource: Hashable, Sendable {
    /// medd's ledger, through the daemon.
    case ledger
    /// This machine's journal.
    case journal
    /// The journal files in a directory (`systemd-journal-remote`'s, a copy of `/var/log/journal`).
    case journalDirectory(String)
    /// These journal files.
    case journalFiles([String])

    public enum Kind: String, CaseIterable, Sendable {
        case ledger, journal, journalDirectory, journalFiles
    }

    public var kind: Kind {
        switch self {
        case .ledger: .ledger
        case .journal: .journal
        case .journalDirectory: .journalDirectory
        case .journalFiles: .journalFiles
        }
    }

    /// The directory or files, for the journal's.
    public var paths: [String] {
        switch self {
        case .ledger, .journal: []
        case .journalDirectory(let path): [path]
        case .journalFiles(let paths): paths
        }
    }

    public init?(kind: Kind, paths: [String]) {
        switch kind {
        case .ledger where paths.isEmpty: self = .ledger
        case .journal where paths.isEmpty: self = .journal
        case .journalDirectory where paths.count == 1: self = .journalDirectory(paths[0])
        case .journalFiles where !paths.isEmpty: self = .journalFiles(paths)
        default: return nil
        }
    }

    /// In words, after "from": `medd's ledger`, `the journal directory /srv/remote`.
    func words(_ text: ReportText) -> String {
        switch self {
        // TRANSLATORS: where a report's answers come from, ending the sentence "Made ... by medd 0.8.0 from %5$s".
        case .ledger: text(Translatable("medd's ledger"))
        // TRANSLATORS: where a report's answers come from: this machine's systemd journal.
        case .journal: text(Translatable("the journal"))
        // TRANSLATORS: where a report's answers come from: %1$s is a directory of journal files.
        case .journalDirectory(let path): text(Translatable("the journal directory %1$s", path))
        // TRANSLATORS: where a report's answers come from: %1$s is the journal files' names, separated by commas.
        case .journalFiles(let paths): text(.plural("the journal file %1$s", "the journal files %1$s", count: paths.count,
                                                    paths.joined(separator: ", ")))
        }
    }
}
