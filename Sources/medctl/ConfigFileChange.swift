import MeddConfig
import MeddControl
import MeddCore
import Systemd

/// A change a command makes to the configuration file, as `visudo` makes one: the file read and checked,
/// the change checked with the rest of the file around it, then put in place whole (the old file or the
/// new one on disk, never part of one, and never over a change someone else made meanwhile), and a
/// running medd asked to reload.
struct ConfigFileChange {
    let path: String
    /// The file as read; nil when there is none yet.
    let original: [UInt8]?
    let text: String
    /// The configuration the file holds now (an empty one when it has errors).
    let configuration: Configuration
    /// The errors in the file, which only `medctl edit` goes on with.
    let errors: ConfigErrors?

    /// Reads and checks the file at `path`; a missing one reads as empty when `missingIsEmpty`.
    /// Errors in it are printed, and nothing is changed.
    init(path: String, missingIsEmpty: Bool = false) throws(ExitStatus) {
        self = try Self.read(path: path, missingIsEmpty: missingIsEmpty)
        if let errors {
            // TRANSLATORS: %1$s is the configuration file; %2$s the command medctl edit.
            Output.error("medctl: " + tr("%1$s has errors; nothing was changed. Fix them first (%2$s):", path, "medctl edit"))
            Output.error(errors.localizedDescription)
            throw .failure
        }
    }

    /// The file at `path` for `medctl edit`: missing is empty, and errors are for the editor to fix.
    static func forEditing(path: String) throws(ExitStatus) -> ConfigFileChange {
        try read(path: path, missingIsEmpty: true)
    }

    private init(path: String, original: [UInt8]?, text: String) {
        self.path = path
        self.original = original
        self.text = text
        switch ConfigLoader.parse(text, path: path) {
        case .success(let configuration):
            self.configuration = configuration
            errors = nil
        case .failure(let errors):
            configuration = Configuration()
            self.errors = errors
        }
    }

    private static func read(path: String, missingIsEmpty: Bool) throws(ExitStatus) -> ConfigFileChange {
        let original: [UInt8]?
        do {
            original = try FileReader.bytes(at: path)
        } catch where error.fileIsMissing && missingIsEmpty && !FileSystem.exists(path) {
            original = nil
        } catch where error.fileIsMissing && FileSystem.exists(path) {
            // TRANSLATORS: %1$s is the configuration file, a symbolic link whose target does not exist.
            Output.error("medctl: " + tr("%1$s is a symbolic link to a file that does not exist; create the file it points to, or remove the link", path))
            throw .failure
        } catch {
            throw failure(ConfigLoader.check(path: path).result)
        }
        guard let text = String(validating: original ?? [], as: UTF8.self) else { throw failure(ConfigLoader.check(path: path).result) }
        return ConfigFileChange(path: path, original: original, text: text)
    }

    /// The table of the medication or measurement `id`: `["medication", id]` or `["measurement", id]`.
    /// An ID the file lacks is an error, with the ID it most likely means.
    func table(of id: String) throws(ExitStatus) -> [String] {
        if configuration.medication(id) != nil { return ["medication", id] }
        if configuration.measurement(id) != nil { return ["measurement", id] }
        let known = configuration.subjects.map(\.id)
        if let suggestion = KeySuggester.suggestion(for: id, among: known) {
            // TRANSLATORS: %1$s is an ID that is not in %2$s, the configuration file; %3$s the ID most like it.
            Output.error("medctl: " + tr("no medication or measurement %1$s in %2$s; did you mean %3$s?", id, path, suggestion))
        } else {
            // TRANSLATORS: %1$s is an ID that is not in %2$s, the configuration file; %3$s the command that lists them.
            Output.error("medctl: " + tr("no medication or measurement %1$s in %2$s (%3$s lists them)", id, path, "medctl meds"))
        }
        throw .failure
    }

    /// An editor of the file's text; the file is TOML here, since it was checked.
    func editor() throws(ExitStatus) -> ConfigEditor {
        try refusing { () throws(ConfigEditor.Refusal) in try ConfigEditor(text) }
    }

    /// Runs an edit; a refusal is printed as the reason nothing was changed.
    func refusing<Result>(_ edit: () throws(ConfigEditor.Refusal) -> Result) throws(ExitStatus) -> Result {
        do {
            return try edit()
        } catch {
            // TRANSLATORS: %1$s is the configuration file, %2$s why it cannot be changed.
            Output.error("medctl: " + tr("%1$s was not changed: %2$s", path, error.message.localized))
            throw .failure
        }
    }

    /// Checks `newText` as a whole file; its errors are printed, and nothing is written.
    func check(_ newText: String) throws(ExitStatus) -> Configuration {
        switch ConfigLoader.parse(newText, path: path) {
        case .success(let configuration):
            return configuration
        case .failure(let errors):
            // TRANSLATORS: %1$s is the configuration file.
            Output.error("medctl: " + tr("the change would leave errors in %1$s, so it was not written:", path))
            Output.error(errors.diagnostics.map { "  " + $0.message.localized }.joined(separator: "\n"))
            throw .failure
        }
    }

    /// Checks `newText` as `check` does, and that the configuration it gives is what `expected` makes of the
    /// old one and the new one (the zones read aside): an edit that changed more, or less, than asked is
    /// refused, and nothing is written.
    func check(_ newText: String, expecting expected: (_ old: Configuration, _ new: Configuration) -> Configuration)
        throws(ExitStatus) -> Configuration {
        let result = try check(newText)
        var wanted = expected(configuration, result), got = result
        wanted.zones = [:]
        got.zones = [:]
        guard wanted == got else {
            // TRANSLATORS: %1$s is the configuration file, %2$s the command medctl edit.
            Output.error("medctl: " + tr("the change could not be made in %1$s without changing more than asked; nothing was written. Make it with %2$s", path, "medctl edit"))
            throw .failure
        }
        return result
    }

    /// Puts `newText` in place of the file, runs `beforeReload`, then has a running medd reload it; prints
    /// what the reload says, or that medd reads the file when it starts.
    func write(_ newText: String, global: GlobalOptions, beforeReload: () -> Void = {}) throws(ExitStatus) {
        do {
            if original == nil { try FileSystem.createDirectories(FileSystem.directory(of: path)) }
            switch try FileSystem.replace(path, with: Array(newText.utf8), ifStill: original) {
            case .replaced:
                break
            case .changedMeanwhile:
                // TRANSLATORS: %1$s is the configuration file.
                Output.error("medctl: " + tr("%1$s was changed by something else while medctl was changing it; nothing was written. Run the command again.", path))
                throw ExitStatus.failure
            }
        } catch let error as SystemError {
            Output.error("medctl: " + Self.writeFailure(error, path: path))
            throw .failure
        } catch {
            throw .failure
        }
        beforeReload()
        reload(global: global)
    }

    private func reload(global: GlobalOptions) {
        do {
            Output.line(ReloadCommand.summary(try global.connect().call("Reload")))
        } catch {
            switch error {
            case .unreachable, .noSocketPath: Output.line(tr("medd is not running; it reads the change when it starts"))
            default: Output.error(error.message)
            }
        }
    }

    private static func writeFailure(_ error: SystemError, path: String) -> String {
        if error.readOnlyFileSystem {
            // TRANSLATORS: %1$s is the configuration file.
            return tr("%1$s is on a read-only file system; nothing was written", path)
        }
        if error.call.hasPrefix("mode of") {
            // TRANSLATORS: %1$s is the configuration file, %2$s the command that makes it writable.
            return tr("%1$s is read-only; nothing was written (make it writable with %2$s)", path, "chmod u+w " + path)
        }
        if error.call.hasPrefix("create") {
            // TRANSLATORS: %1$s is a directory, %2$s why a file cannot be made in it (from the system).
            return tr("cannot write in %1$s (%2$s); nothing was written", FileSystem.directory(of: path), error.reason)
        }
        // TRANSLATORS: %1$s is the configuration file, %2$s why it could not be written (from the system).
        return tr("cannot write %1$s (%2$s); the file is as it was", path, error.reason)
    }

    /// The errors of a file that could not be read or is not UTF-8, printed.
    private static func failure(_ result: Result<Configuration, ConfigErrors>) -> ExitStatus {
        if case .failure(let errors) = result { Output.error(errors.localizedDescription) }
        return .failure
    }
}
