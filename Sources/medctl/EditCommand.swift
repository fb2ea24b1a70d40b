import MeddCommandLine
import MeddConfig
import MeddCore
import MeddSystem
import Systemd

/// `medctl edit`: the configuration file in an editor, checked before it replaces the old one.
struct EditCommand: ConfigFileVerb {
    static let name = "edit"
    static var abstract: String { tr("Edit the configuration in $VISUAL or $EDITOR, checked before it replaces the file.") }
    static var discussion: String {
        tr("""
            Opens a copy of the configuration file in $VISUAL, else $EDITOR, else editor, else vi (a file with \
            errors shows them first). When the editor exits, the copy is checked as medd checks it: with errors, \
            they are shown and you choose to edit again or to discard the changes (the file stays as it was); \
            without, it replaces the file in one step (same directory and permissions, synced to disk), a running \
            medd reloads it, and the medications and measurements added, removed and changed are listed. A copy left \
            unchanged writes and reloads nothing. A file someone else changed meanwhile is not overwritten: the \
            edited copy is kept and its path shown. A file that does not exist yet is created.
            """)
    }

    let global: GlobalOptions
    let configPath: String

    func run() throws {
        let file = try ConfigFileChange.forEditing(path: configPath)
        let directory = try FileSystem.makePrivateDirectory(Self.temporaryRoot() + "/medctl-edit.XXXXXX")
        let copy = directory + "/" + FileSystem.name(of: configPath)
        var keepCopy = false
        defer {
            if !keepCopy {
                FileSystem.removeFile(copy)
                FileSystem.removeDirectory(directory)
            }
        }
        if let errors = file.errors {
            // TRANSLATORS: %1$s is the configuration file.
            Output.error(tr("%1$s has errors; fix them in the editor:", configPath))
            Output.error(errors.localizedDescription)
        }
        var text = file.text
        while true {
            try FileSystem.replaceFile(copy, with: Array(text.utf8))
            try Self.runEditor(on: copy)
            let bytes = try FileReader.bytes(at: copy)
            guard let edited = String(validating: bytes, as: UTF8.self) else {
                Output.error("medctl: " + tr("the edited file is not valid UTF-8"))
                guard Self.askToEditAgain() else { try discard() }
                continue
            }
            if edited == file.text {
                return Output.line(tr("no changes; %1$s was left as it was", configPath))
            }
            switch ConfigLoader.parse(edited, path: configPath) {
            case .success(let configuration):
                do {
                    try file.write(edited, global: global, beforeReload: {
                        // TRANSLATORS: %1$s is the configuration file.
                        if file.errors != nil { return Output.line(tr("%1$s has no errors now", configPath)) }
                        for line in ConfigurationChanges(from: file.configuration, to: configuration).lines { Output.line(line) }
                    })
                } catch {
                    keepCopy = true
                    // TRANSLATORS: %1$s is the path of the edited copy medctl keeps.
                    Output.error(tr("your edited copy is kept in %1$s", copy))
                    throw error
                }
                return
            case .failure(let errors):
                Output.error(errors.localizedDescription)
                text = edited
                guard Self.askToEditAgain() else { try discard() }
            }
        }
    }

    private func discard() throws -> Never {
        // TRANSLATORS: %1$s is the configuration file.
        Output.error(tr("changes discarded; %1$s was left as it was", configPath))
        throw ExitStatus.failure
    }

    /// `$XDG_RUNTIME_DIR` (a tmpfs only the user reads), else `$TMPDIR`, else `/tmp`.
    private static func temporaryRoot() -> String {
        let environment = ProcessEnvironment.variables
        for name in ["XDG_RUNTIME_DIR", "TMPDIR"] {
            if let directory = environment[name], directory.hasPrefix("/"), FileSystem.isDirectory(directory) { return directory }
        }
        return "/tmp"
    }

    /// The editor on `path`: `$VISUAL`, else `$EDITOR` (each may hold arguments, run by the shell as git
    /// runs it), else `editor`, else `vi`.
    private static func runEditor(on path: String) throws {
        let environment = ProcessEnvironment.variables
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
            ?? (FileSystem.executable(named: "editor", searchPath: environment["PATH"]) != nil ? "editor" : "vi")
        let ending: ForegroundProcess.Ending
        do {
            ending = try ForegroundProcess.run(["/bin/sh", "-c", command + " \"$@\"", command, path])
        } catch {
            // TRANSLATORS: %1$s is the editor's command, %2$s why it could not be started (from the system).
            Output.error("medctl: " + tr("cannot run the editor %1$s: %2$s; nothing was changed", command, error.reason))
            throw ExitStatus.failure
        }
        guard ending == .exited(0) else {
            let how = switch ending {
            case .exited(let status): String(status)
            case .killed(let signal): "signal \(signal)"
            }
            // TRANSLATORS: %1$s is the editor's command, %2$s its exit status (or the signal that ended it).
            Output.error("medctl: " + tr("the editor %1$s failed (%2$s); nothing was changed", command, how))
            throw ExitStatus.failure
        }
    }

    /// Asks on the terminal whether to edit again; anything but e (or the end of the input) discards.
    private static func askToEditAgain() -> Bool {
        // TRANSLATORS: a question after the errors of an edited file; the answers e and d are typed as they are.
        Output.prompt(tr("What now? e: edit again, d: discard the changes [e/d] "))
        let answer = readLine()
        // A typed answer ends its line on the terminal; a piped one does not.
        if !DescriptorIO.isTerminal(0) { Output.error(answer ?? "") }
        guard let answer else { return false }
        return answer.drop { $0 == " " }.first.map { $0 == "e" || $0 == "E" } ?? true
    }
}
