public import MeddCore
public import MeddSystem
import Systemd

/// Reads a `medd.toml` (medd.toml(5)) into a validated `Configuration`, or every
/// error in it as `PATH:LINE:COLUMN: message`, in file order.
public enum ConfigLoader {
    /// Parses and validates configuration text; `path` is only used to label diagnostics. Zone names
    /// are read from `zones`.
    public static func parse(_ text: String, path: String, zones: ZoneDatabase = SystemZones.database()) -> Result<Configuration, ConfigErrors> {
        check(text, path: path, zones: zones).result
    }

    /// `parse`, with the warnings about a valid configuration (`PATH:LINE:COLUMN: warning: message`, in
    /// file order): what `medd --check` prints.
    public static func check(_ text: String, path: String, zones: ZoneDatabase = SystemZones.database())
        -> (result: Result<Configuration, ConfigErrors>, warnings: [ConfigDiagnostic]) {
        let root: TOMLTable
        switch TOMLReader.read(text) {
        case .success(let table):
            root = table
        case .failure(let error):
            let diagnostic = ConfigDiagnostic(path: path, line: error.position.line, column: error.position.column, message: error.message)
            return (.failure(ConfigErrors([diagnostic])), [])
        }
        let locator = SourceLocator(document: root)
        let validator = ConfigValidator(zoneDatabase: zones)
        if let configuration = validator.validate(root) {
            return (.success(configuration), diagnostics(of: validator.warnings, path: path, locator: locator, areWarnings: true))
        }
        return (.failure(ConfigErrors(diagnostics(of: validator.issues, path: path, locator: locator, areWarnings: false))), [])
    }

    /// The issues where they are written, in file order (in the order found, at one position).
    private static func diagnostics(of issues: [ConfigValidator.Issue], path: String, locator: SourceLocator,
                                    areWarnings: Bool) -> [ConfigDiagnostic] {
        issues.enumerated()
            .map { offset, issue in (offset: offset, position: locator.position(of: issue.path, anchor: issue.anchor), message: issue.message) }
            .sorted { ($0.position, $0.offset) < ($1.position, $1.offset) }
            .map { ConfigDiagnostic(path: path, line: $0.position.line, column: $0.position.column, message: $0.message, isWarning: areWarnings) }
    }

    /// Reads the file at `path` and parses it; an unreadable file is one diagnostic at 1:1.
    public static func load(path: String) -> Result<Configuration, ConfigErrors> {
        check(path: path).result
    }

    /// `load`, with the warnings about a valid configuration (see `check(_:path:zones:)`).
    public static func check(path: String) -> (result: Result<Configuration, ConfigErrors>, warnings: [ConfigDiagnostic]) {
        switch read(path: path) {
        case .success(let text):
            return check(text, path: path)
        case .failure(let problem):
            let at = problem.position ?? .start
            return (.failure(ConfigErrors([ConfigDiagnostic(path: path, line: at.line, column: at.column, message: problem.message)])), [])
        }
    }

    private static func read(path: String) -> Result<String, ReadProblem> {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.bytes(at: path)
        } catch {
            let option = "--config PATH"
            // TRANSLATORS: %1$s is the option --config PATH, never translated.
            if error.fileIsMissing { return .failure(ReadProblem(Translatable("no such file; create it or pass %1$s", option))) }
            if error.isDirectory {
                // TRANSLATORS: %1$s is the option --config PATH, never translated.
                return .failure(ReadProblem(Translatable("is a directory; pass the path of the configuration file with %1$s", option)))
            }
            if error.permissionDenied {
                // TRANSLATORS: %1$s is a command, %2$s the option --config PATH; never translated.
                return .failure(ReadProblem(Translatable("permission denied; make the file readable (%1$s) or pass %2$s", "chmod u+r", option)))
            }
            // TRANSLATORS: %1$s is the system's reason, %2$s the option --config PATH, never translated.
            return .failure(ReadProblem(Translatable("cannot read the file (%1$s); check it or pass %2$s", error.reason, option)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ReadProblem(Translatable("the file is not valid UTF-8 here; save it as UTF-8 text"), at: firstInvalidUTF8(bytes)))
        }
        return .success(text)
    }

    /// Where the first byte that is not UTF-8 is, as the reader counts positions (a leading byte-order mark
    /// takes no column); nil for valid UTF-8.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> SourcePosition? {
        var position = SourcePosition.start
        var decoder = UTF8()
        var iterator = bytes[(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)...].makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                position = scalar == "\n" ? SourcePosition(line: position.line + 1, column: 1)
                    : SourcePosition(line: position.line, column: position.column + 1)
            case .emptyInput:
                return nil
            case .error:
                return position
            }
        }
    }

    /// Why a configuration file could not be read, as the message a user sees.
    private struct ReadProblem: Error, Hashable, Sendable {
        var message: Translatable
        /// Where in the file, when the problem has a place (a byte that is not UTF-8).
        var position: SourcePosition?

        init(_ message: Translatable, at position: SourcePosition? = nil) {
            self.message = message
            self.position = position
        }
    }
}
