import MeddCommandLine
import MeddCore

/// `--from-journal`, `--directory DIR`, `--file FILE` (repeatable) and `--host NAME`, read the same
/// way by every verb that can report from medd's journal instead of asking the daemon. `--directory`,
/// `--file` and `--host` each imply `--from-journal`.
struct JournalOptions: Equatable, Sendable {
    static var options: [OptionSpec] {
        [
            .flag("from-journal", tr("Read medd's entries in the systemd journal instead of asking the daemon.")),
            .value("directory", "DIR", tr("Read the journal files in DIR (as systemd-journal-remote writes them), every machine's."),
                   takesDirectory: true),
            .value("file", "FILE", tr("Read this journal file (repeat for more), every machine's."), takesPath: true, repeats: true),
            .value("host", "NAME", tr("Only the machines whose host name (_HOSTNAME) is NAME.")),
        ]
    }

    /// The paragraph each verb's help gives these options.
    static var discussion: String {
        tr("""
            --directory DIR and --file FILE (repeatable; not both) read journal files gathered from other \
            machines — by systemd-journal-remote, or copied — instead of this machine's journal, and imply \
            --from-journal. They read every user's medd entries and choose the final answers per machine \
            (_MACHINE_ID; _HOSTNAME for entries without one) and user (_UID), since dose IDs repeat across \
            machines: each machine's counts are its own ledger's. A machine renamed midway stays one, shown \
            under the host name of its latest entry. --host NAME keeps the machines whose _HOSTNAME is NAME \
            (also with the local journal); a name no entry has is an error listing the hosts there are.
            """)
    }

    /// Where to read; nil to ask the daemon.
    let source: JournalSource?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let directory = arguments.string("directory")
        let files = arguments.strings("file")
        let host = arguments.string("host")
        if directory != nil, !files.isEmpty {
            throw arguments.error(tr("--directory and --file both say where the journal is; give one of them"))
        }
        if directory == "" { throw arguments.error(tr("--directory needs a directory, not an empty name")) }
        if files.contains("") { throw arguments.error(tr("--file needs a file, not an empty name")) }
        if let host, host.isEmpty || host.contains(where: { $0.isWhitespace }) {
            throw arguments.error(tr("--host '%1$s': expected a host name as the journal's _HOSTNAME field has it", host))
        }
        let location: JournalSource.Location = directory.map { .directory($0) } ?? (files.isEmpty ? .local : .files(files))
        source = arguments.flag("from-journal") || location != .local || host != nil ? JournalSource(location: location, host: host) : nil
    }
}
