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
        let original = Array(file.text.utf8)
        // The copy is the editor's from here on: each round opens it as the last one left it.
        try FileSystem.replaceFile(copy, with: original)
        /// After errors: edit again, or discard; at the end of the input the copy is kept and its path shown.
        func afterErrors() throws {
            switch Self.askWhatNow() {
            case .editAgain:
                return
            case .discard:
                try discard()
            case .noAnswer:
                keepCopy = keepCopyIfEdited(copy, original: original)
                // TRANSLATORS: %1$s is the configuration file.
                Output.error(tr("no answer; %1$s was left as it was", configPath))
                throw ExitStatus.failure
            }
        }
        while true {
            do {
                try Self.runEditor(on: copy)
            } catch {
                keepCopy = keepCopyIfEdited(copy, original: original)
                throw error
            }
            let bytes = try FileReader.bytes(at: copy)
            if bytes == original {
                return Output.line(tr("no changes; %1$s was left as it was", configPath))
            }
            guard let edited = String(validating: bytes, as: UTF8.self) else {
                let at = ConfigLoader.firstInvalidUTF8(bytes) ?? .start
                // TRANSLATORS: %1$s is the path of the edited file, %2$d and %3$d the line and column of a byte that is not UTF-8.
                Output.error("medctl: " + tr("%1$s:%2$d:%3$d: the file is not valid UTF-8 here; save it as UTF-8", configPath,
                                             String(at.line), String(at.column)))
                try afterErrors()
                continue
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
                try afterErrors()
            }
        }
    }

    /// Keeps an edited copy when the editor or the input ends the edit, saying where it is; true when kept.
    private func keepCopyIfEdited(_ copy: String, original: [UInt8]) -> Bool {
        guard (try? FileReader.bytes(at: copy)).map({ $0 != original }) ?? false else { return false }
        // TRANSLATORS: %1$s is the path of the edited copy medctl keeps.
        Output.error(tr("your edited copy is kept in %1$s", copy))
        return true
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

    private enum Answer {
        case editAgain, discard, noAnswer
    }

    /// Asks on the terminal whether to edit again (e) or discard (d), again until one of them is given.
    private static func askWhatNow() -> Answer {
        while true {
            // TRANSLATORS: a question after the errors of an edited file; the answers e and d are typed as they are.
            Output.prompt(tr("What now? e: edit again, d: discard the changes [e/d] "))
            let answer = readLine()
            // A typed answer ends its line on the terminal; a piped one does not.
            if !DescriptorIO.isTerminal(0) { Output.error(answer ?? "") }
            guard let answer else { return .noAnswer }
            switch answer.drop(while: { $0 == " " }).first {
            case "e", "E": return .editAgain
            case "d", "D": return .discard
            default: continue
            }
        }
    }
}
