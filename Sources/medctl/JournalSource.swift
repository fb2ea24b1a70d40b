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
            throw JournalReadError("cannot read \(description): \(error.reason)")
        }
        var groups = grouping.groups
        if let host {
            // Host names come from files of other machines: shown made safe for a terminal.
            let hosts = Set(groups.map { TerminalText.cell($0.origin.hostname ?? JournalSelection.unknownHost) }).sorted()
            groups = groups.filter { $0.origin.hostname == host }
            if groups.isEmpty {
                let seen = hosts.isEmpty ? "there are no medd answers there at all" : "the hosts there are " + hosts.joined(separator: ", ")
                throw UsageError("--host \(host): no medd answer in \(description) comes from a host named \(host); \(seen)", verb: verb)
            }
        }
        noteWhenEmpty(grouping, person: person)
        return JournalSelection(source: self, groups: groups.filter { !$0.answers.isEmpty })
    }

    /// What is read, for messages: "the journal", "the journal directory /srv/remote", ….
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
                throw JournalReadError("cannot read the journal file \(culprit.0): \(Self.explain(culprit.1))")
            }
            throw JournalReadError("cannot read \(description): \(Self.explain(error))")
        }
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
        error.isNotAJournalFile ? "\(error.reason) (not a journal file, or a damaged one)" : error.reason
    }

    private func noteWhenEmpty(_ grouping: JournalGrouping, person: String?) {
        if grouping.entriesRead == 0 {
            switch location {
            case .local:
                Output.error("medctl: no medd answers in the journal readable by this user; check with `journalctl -t medd` "
                             + "(reading the system journal may need the systemd-journal group)")
            case .directory, .files:
                Output.error("medctl: no medd answers in \(description); check with `journalctl \(journalctlArguments) -t medd`")
            }
        } else if let person, grouping.entriesKept == 0 {
            let named = grouping.peopleNamed
            let others = named.isEmpty ? "none of its answers names a person" : "its answers name " + named.sorted().joined(separator: ", ")
            Output.error("medctl: no medd answer in \(description) is for person \(person); \(others)")
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
