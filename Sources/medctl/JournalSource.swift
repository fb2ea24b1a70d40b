import MeddCommandLine
import MeddCore
import MeddTerminal
import Systemd

/// Where `--from-journal` reads medd's entries — this machine's journal, or journal files collected
/// from several machines — and which host's to keep. `read` gives one `JournalGroup` per machine and
/// user, each with the final answers that machine's ledger chose; `adherence` and `history` (and any
/// verb that takes `JournalOptions`) report from it.
struct JournalSource: Equatable, Sendable {
    enum Location: Equatable, Sendable {
        /// This machine's journal: the entries medd wrote as the user running medctl.
        case local
        /// The journal files in a directory and its machine-ID subdirectories, such as
        /// `systemd-journal-remote`'s `--output` directory or a copy of `/var/log/journal`.
        case directory(String)
        /// These journal files, read as one journal.
        case files([String])
    }

    var location: Location
    /// Keep only the groups whose `_HOSTNAME` is this.
    var host: String?

    /// Journal files gathered from other machines: every user's entries, one group per machine and
    /// user, and host columns in CSV.
    var isCollected: Bool { location != .local }

    /// The final answer of each dose due in `[since, until)` (open ends when nil), of `medication`
    /// and for `person` when given, per machine and user that has one. `host` is checked against every
    /// machine whose medd answers were read, in range or not. Notes on standard error when nothing was
    /// found, since an empty report would read as "nothing was answered"; `verb` is whose help a
    /// usage error points to.
    func read(since: Instant?, until: Instant?, medication: String?, person: String?, verb: String) throws -> JournalSelection {
        let reader = try open()
        var grouping = JournalGrouping(since: since, until: until, medication: medication, person: person,
                                       scope: isCollected ? .byOrigin : .single)
        do {
            try reader.addMatch("SYSLOG_IDENTIFIER", DoseEvent.journalIdentifier)
            if !isCollected { try reader.addMatchCurrentUser() }
            if let medication { try reader.addMatch("MEDD_MED_ID", medication) }
            for kind in EventKind.allCases where kind.isFinal { try reader.addMatch("MEDD_EVENT", kind.rawValue) }
            try reader.seekHead()
            while let entry = try reader.next() { grouping.add(journalFields: entry.fields) }
        } catch {
            throw JournalReadError(cannotRead(error.reason))
        }
        var groups = grouping.groups
        if let host {
            // Host names come from files of other machines: shown made safe for a terminal.
            let hosts = Set(groups.map { TerminalText.cell($0.origin.hostname ?? JournalSelection.unknownHost) }).sorted()
            groups = groups.filter { $0.origin.hostname == host }
            if groups.isEmpty {
                // TRANSLATORS: which hosts the journal holds answers from; in "the hosts there are %1$s", %1$s lists their names.
                let seen = hosts.isEmpty ? tr("there are no medd answers there at all") : tr("the hosts there are %1$s", hosts.joined(separator: ", "))
                let message = sentence(
                    // TRANSLATORS: %1$s is the host name given to --host, %2$s which hosts there are.
                    local: { tr("--host %1$s: no medd answer in the journal comes from a host named %1$s; %2$s", host, seen) },
                    // TRANSLATORS: %1$s is the host name given to --host, %2$s a directory, %3$s which hosts there are.
                    directory: { tr("--host %1$s: no medd answer in the journal directory %2$s comes from a host named %1$s; %3$s",
                                    host, $0, seen) },
                    // TRANSLATORS: %1$s is the host name given to --host, %2$s journal files, %3$s which hosts there are.
                    files: { trn("--host %1$s: no medd answer in the journal file %2$s comes from a host named %1$s; %3$s",
                                 "--host %1$s: no medd answer in the journal files %2$s comes from a host named %1$s; %3$s",
                                 count: $1, host, $0, seen) })
                throw UsageError(message, verb: verb)
            }
        }
        noteWhenEmpty(grouping, person: person)
        return JournalSelection(source: self, groups: groups.filter { !$0.answers.isEmpty })
    }

    /// What is read, in English: "the journal", "the journal directory /srv/remote", …. Messages for
    /// people say it through `sentence`, a whole sentence for each kind of place.
    var description: String {
        switch location {
        case .local: "the journal"
        case .directory(let path): "the journal directory \(path)"
        case .files(let paths): (paths.count == 1 ? "the journal file " : "the journal files ") + paths.joined(separator: ", ")
        }
    }

    private func open() throws(JournalReadError) -> JournalReader {
        do {
            switch location {
            case .local: return try JournalReader()
            case .directory(let path): return try JournalReader(directory: path)
            case .files(let paths): return try JournalReader(files: paths)
            }
        } catch {
            // sd_journal_open_files fails as a whole; name the file it fails on.
            if case .files(let paths) = location, paths.count > 1,
               let culprit = paths.lazy.compactMap({ path in Self.openFailure(path).map { (path, $0) } }).first {
                throw JournalReadError(JournalSource(location: .files([culprit.0])).cannotRead(Self.explain(culprit.1)))
            }
            throw JournalReadError(cannotRead(Self.explain(error)))
        }
    }

    /// The sentence of `local`, `directory` (given the directory) or `files` (given the paths, joined,
    /// and how many) for where this source reads: one message for each kind of place, so that a
    /// language can say "in the journal directory" as its grammar needs.
    func sentence(local: () -> String, directory: (String) -> String, files: (String, Int) -> String) -> String {
        switch location {
        case .local: local()
        case .directory(let path): directory(path)
        case .files(let paths): files(paths.joined(separator: ", "), paths.count)
        }
    }

    /// "cannot read the journal directory /srv/medd: REASON".
    private func cannotRead(_ reason: String) -> String {
        // TRANSLATORS: %1$s is why the journal cannot be read (from the system).
        sentence(local: { tr("cannot read the journal: %1$s", reason) },
                 // TRANSLATORS: %1$s is a directory, %2$s why it cannot be read (from the system).
                 directory: { tr("cannot read the journal directory %1$s: %2$s", $0, reason) },
                 // TRANSLATORS: %1$s is one or more files, %2$s why they cannot be read (from the system).
                 files: { trn("cannot read the journal file %1$s: %2$s", "cannot read the journal files %1$s: %2$s", count: $1, $0, reason) })
    }

    private static func openFailure(_ path: String) -> SystemError? {
        do {
            _ = try JournalReader(files: [path])
            return nil
        } catch {
            return error
        }
    }

    /// The reason, with what it most likely means for a journal file.
    private static func explain(_ error: SystemError) -> String {
        // TRANSLATORS: %1$s is why a file cannot be read, from the system.
        error.isNotAJournalFile ? tr("%1$s (not a journal file, or a damaged one)", error.reason) : error.reason
    }

    private func noteWhenEmpty(_ grouping: JournalGrouping, person: String?) {
        if grouping.entriesRead == 0 {
            switch location {
            case .local:
                Output.error("medctl: " + tr("""
                    no medd answers in the journal readable by this user; check with `journalctl -t medd` \
                    (reading the system journal may need the systemd-journal group)
                    """))
            case .directory, .files:
                let command = "journalctl \(journalctlArguments) -t medd"
                Output.error("medctl: " + sentence(
                    local: { "" },
                    // TRANSLATORS: %1$s is a directory, %2$s a journalctl command to look at it.
                    directory: { tr("no medd answers in the journal directory %1$s; check with `%2$s`", $0, command) },
                    // TRANSLATORS: %1$s is one or more files, %2$s a journalctl command to look at them.
                    files: { trn("no medd answers in the journal file %1$s; check with `%2$s`",
                                 "no medd answers in the journal files %1$s; check with `%2$s`", count: $1, $0, command) }))
            }
        } else if let person, grouping.entriesKept == 0 {
            let named = grouping.peopleNamed
            // TRANSLATORS: whom the journal's answers are for; in "its answers name %1$s", %1$s lists person IDs (dad, mum).
            let others = named.isEmpty ? tr("none of its answers names a person") : tr("its answers name %1$s", named.sorted().joined(separator: ", "))
            Output.error("medctl: " + sentence(
                // TRANSLATORS: %1$s is the person given to --person, %2$s which people the answers name.
                local: { tr("no medd answer in the journal is for person %1$s; %2$s", person, others) },
                // TRANSLATORS: %1$s is the person given to --person, %2$s a directory, %3$s which people the answers name.
                directory: { tr("no medd answer in the journal directory %2$s is for person %1$s; %3$s", person, $0, others) },
                // TRANSLATORS: %1$s is the person given to --person, %2$s journal files, %3$s which people the answers name.
                files: { trn("no medd answer in the journal file %2$s is for person %1$s; %3$s",
                             "no medd answer in the journal files %2$s is for person %1$s; %3$s", count: $1, person, $0, others) }))
        }
    }

    /// journalctl's options for the same files, for a hint.
    private var journalctlArguments: String {
        switch location {
        case .local: ""
        case .directory(let path): "--directory \(path)"
        case .files(let paths): paths.map { "--file \($0)" }.joined(separator: " ")
        }
    }
}

/// The journal could not be opened or read: exit status 1, with the reason.
struct JournalReadError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
