import MeddControl
import Systemd

/// `medctl backup FILE`: a consistent copy of the daemon's ledger, written to FILE.
struct BackupCommand: Verb {
    static let name = "backup"
    static let abstract = "Write a consistent copy of the daemon's ledger to FILE."
    static let discussion = """
        medd copies its ledger while it goes on taking answers; every answer it acknowledged \
        before it finished the copy is in it. medd writes the copy into the backups folder of its \
        state directory (its sandbox lets it write nowhere else); medctl copies that to a \
        temporary file beside FILE, syncs it to disk, puts it in place as FILE in one step and \
        removes medd's copy. FILE gets mode 0600. An existing FILE is left alone (exit 2) unless \
        --force is given; then it is replaced in one step. Restore a backup with \
        `medd --restore FILE` while medd is stopped. --json prints {"file", "bytes", "events", \
        "doses", "schema"}. Exit 1 when medd cannot write the copy or medctl cannot write FILE.
        """
    static let options: [OptionSpec] = [.flag("force", "Replace FILE if it exists.")]
    static let operand: OperandSpec? = OperandSpec(valueName: "FILE", help: "Where to write the copy of the ledger.",
                                                   isRequired: true, takesPath: true)

    let global: GlobalOptions
    let file: String
    let force: Bool

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        guard let file = arguments.operands.first, !file.isEmpty else {
            throw arguments.error("name the FILE to write the backup to")
        }
        force = arguments.flag("force")
        if FileSystem.isDirectory(file) || file.hasSuffix("/") { throw arguments.error("\(file) is a directory; name the file to write") }
        if !force, FileSystem.exists(file) { throw arguments.error("\(file) exists; pass --force to replace it") }
        self.file = file
    }

    func run() throws {
        let directory = FileSystem.directory(of: file)
        // Beside FILE, so putting it in place is a rename on one file system; made before medd is
        // asked, so a directory medctl cannot write costs no backup.
        let temporary = "\(directory)/.\(FileSystem.name(of: file)).medctl-\(CurrentProcess.processID)"
        try failing("cannot write in \(directory)") { () throws(SystemError) in try FileSystem.createNew(temporary, mode: 0o600) }
        defer { FileSystem.removeFile(temporary) }
        // The connection stays open until the copy is read: medd removes its copy once it closes.
        let client = try global.connect()
        let reply = try client.call("Backup")
        guard let copy = reply["file"]?.stringValue, let expected = reply["bytes"]?.intValue else {
            throw ClientError.protocolFailure(path: client.path, reason: "the Backup reply names no file")
        }
        defer { FileSystem.removeFile(copy) }
        let bytes = try failing("cannot copy medd's backup \(copy) to \(temporary)") { () throws(SystemError) in
            try FileSystem.copyContents(of: copy, into: temporary)
        }
        guard bytes == expected else {
            Output.error("medctl: medd's backup \(copy) has \(bytes) bytes, not the \(expected) medd wrote; \(file) was not written")
            throw ExitStatus.failure
        }
        try failing("cannot put the backup in place as \(file)") { () throws(SystemError) in
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
        Output.line("wrote \(file): \(bytes) bytes, \(events) events, \(doses) doses (ledger schema \(reply["schema"]?.stringValue ?? "?"))")
    }

    /// Runs `body`; a failure is printed after `what` and ends medctl with status 1.
    private func failing<T>(_ what: String, _ body: () throws(SystemError) -> T) throws(ExitStatus) -> T {
        do {
            return try body()
        } catch {
            Output.error("medctl: \(what): \(error.alreadyExists ? "\(file) appeared meanwhile; it was left alone" : error.reason)")
            throw .failure
        }
    }
}
