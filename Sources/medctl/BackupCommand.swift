import MeddCommandLine
import MeddControl
import MeddCore
import Systemd

/// `medctl backup FILE`: a consistent copy of the daemon's ledger, written to FILE.
struct BackupCommand: Verb {
    static let name = "backup"
    static var abstract: String { tr("Write a consistent copy of the daemon's ledger to FILE.") }
    static var discussion: String {
        tr("""
            medd copies its ledger while it goes on taking answers; every answer it acknowledged \
            before it finished the copy is in it. medd writes the copy into the backups folder of its \
            state directory (its sandbox lets it write nowhere else); medctl copies that to a \
            temporary file beside FILE, syncs it to disk, puts it in place as FILE in one step and \
            removes medd's copy. FILE gets mode 0600. An existing FILE is left alone (exit 2) unless \
            --force is given; then it is replaced in one step. Restore a backup with \
            `medd --restore FILE` while medd is stopped. --json prints {"file", "bytes", "events", \
            "doses", "schema"}. Exit 1 when medd cannot write the copy or medctl cannot write FILE.
            """)
    }
    static var options: [OptionSpec] { [.flag("force", tr("Replace FILE if it exists."))] }
    static var operand: OperandSpec? {
        OperandSpec(valueName: "FILE", help: tr("Where to write the copy of the ledger."), isRequired: true, takesPath: true)
    }

    let global: GlobalOptions
    let file: String
    let force: Bool

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        guard let file = arguments.operands.first, !file.isEmpty else {
            throw arguments.error(tr("name the FILE to write the backup to"))
        }
        force = arguments.flag("force")
        if FileSystem.isDirectory(file) || file.hasSuffix("/") { throw arguments.error(tr("%1$s is a directory; name the file to write", file)) }
        if !force, FileSystem.exists(file) { throw arguments.error(tr("%1$s exists; pass --force to replace it", file)) }
        self.file = file
    }

    func run() throws {
        let directory = FileSystem.directory(of: file)
        // Beside FILE, so putting it in place is a rename on one file system; made before medd is
        // asked, so a directory medctl cannot write costs no backup.
        let temporary = "\(directory)/.\(FileSystem.name(of: file)).medctl-\(CurrentProcess.processID)"
        try failing(tr("cannot write in %1$s", directory)) { () throws(SystemError) in try FileSystem.createNew(temporary, mode: 0o600) }
        defer { FileSystem.removeFile(temporary) }
        // The connection stays open until the copy is read: medd removes its copy once it closes.
        let client = try global.connect()
        let reply = try client.call("Backup")
        guard let copy = reply["file"]?.stringValue, let expected = reply["bytes"]?.intValue else {
            throw ClientError.protocolFailure(path: client.path, reason: tr("the Backup reply names no file"))
        }
        defer { FileSystem.removeFile(copy) }
        // TRANSLATORS: %1$s is the copy medd wrote, %2$s the temporary file medctl copies it to.
        let bytes = try failing(tr("cannot copy medd's backup %1$s to %2$s", copy, temporary)) { () throws(SystemError) in
            try FileSystem.copyContents(of: copy, into: temporary)
        }
        guard bytes == expected else {
            // TRANSLATORS: %1$s is medd's copy, %2$d the bytes it has, %3$d the bytes medd said it wrote, %4$s the FILE.
            Output.error("medctl: " + tr("medd's backup %1$s has %2$d bytes, not the %3$d medd wrote; %4$s was not written",
                                         copy, String(bytes), String(expected), file))
            throw ExitStatus.failure
        }
        try failing(tr("cannot put the backup in place as %1$s", file)) { () throws(SystemError) in
            if force { try FileSystem.rename(temporary, to: file) } else { try FileSystem.moveNoReplace(temporary, to: file) }
            try FileSystem.sync(directory)
        }
        if global.json {
            var object = reply
            object["file"] = .string(file)
            return Output.json(.object(object))
        }
        let events = reply["events"]?.intValue ?? 0
        let doses = reply["doses"]?.intValue ?? 0
        // TRANSLATORS: %1$s is the FILE written; %2$s, %3$s and %4$s say how many bytes, events and doses it
        // holds; %5$s is the ledger's schema version (v3).
        Output.line(tr("wrote %1$s: %2$s, %3$s, %4$s (ledger schema %5$s)", file,
                       trn("%1$d byte", "%1$d bytes", count: bytes, String(bytes)),
                       trn("%1$d event", "%1$d events", count: events, String(events)),
                       trn("%1$d dose", "%1$d doses", count: doses, String(doses)), reply["schema"]?.stringValue ?? "?"))
    }

    /// Runs `body`; a failure is printed after `what` and ends medctl with status 1.
    private func failing<T>(_ what: String, _ body: () throws(SystemError) -> T) throws(ExitStatus) -> T {
        do {
            return try body()
        } catch {
            // TRANSLATORS: %1$s is what medctl could not do, %2$s why.
            Output.error("medctl: " + tr("%1$s: %2$s", what, error.alreadyExists ? tr("%1$s appeared meanwhile; it was left alone", file) : error.reason))
            throw .failure
        }
    }
}
