public import MeddCore
public import MeddSystem
import Systemd
import TOMLKit

/// Reads a `medd.toml` (medd.toml(5)) into a validated `Configuration`, or every
/// error in it as `PATH:LINE:COLUMN: message`, in file order.
public enum ConfigLoader {
    /// Parses and validates configuration text; `path` is only used to label diagnostics. Zone names
    /// are read from `zones`.
    public static func parse(_ text: String, path: String, zones: ZoneDatabase = SystemZones.database()) -> Result<Configuration, ConfigErrors> {
        let locator = SourceLocator(text: text)
        let root: TOMLTable
        switch TOMLReader.read(text, locator: locator) {
        case .success(let table):
            root = table
        case .failure(let error):
            let diagnostic = ConfigDiagnostic(path: path, line: error.position.line, column: error.position.column, message: error.message)
            return .failure(ConfigErrors([diagnostic]))
        }
        let validator = ConfigValidator(zoneDatabase: zones)
        if let configuration = validator.validate(root) { return .success(configuration) }
        let located = validator.issues.enumerated().map { offset, issue in
            (offset: offset, position: locator.position(of: issue.path, anchor: issue.anchor), message: issue.message)
        }
        let diagnostics = located
            .sorted { ($0.position, $0.offset) < ($1.position, $1.offset) }
            .map { ConfigDiagnostic(path: path, line: $0.position.line, column: $0.position.column, message: $0.message) }
        return .failure(ConfigErrors(diagnostics))
    }

    /// Reads the file at `path` and parses it; an unreadable file is one diagnostic at 1:1.
    public static func load(path: String) -> Result<Configuration, ConfigErrors> {
        switch read(path: path) {
        case .success(let text):
            return parse(text, path: path)
        case .failure(let problem):
            return .failure(ConfigErrors([ConfigDiagnostic(path: path, line: 1, column: 1, message: problem.message)]))
        }
    }

    private static func read(path: String) -> Result<String, ReadProblem> {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.bytes(at: path)
        } catch {
            if error.fileIsMissing { return .failure(ReadProblem("no such file; create it or pass --config PATH")) }
            if error.isDirectory { return .failure(ReadProblem("is a directory; pass the path of the configuration file with --config PATH")) }
            if error.permissionDenied {
                return .failure(ReadProblem("permission denied; make the file readable (chmod u+r) or pass --config PATH"))
            }
            return .failure(ReadProblem("cannot read the file (\(error.reason)); check it or pass --config PATH"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ReadProblem("the file is not valid UTF-8; save it as UTF-8 text"))
        }
        return .success(text)
    }

    /// Why a configuration file could not be read, as the message a user sees.
    private struct ReadProblem: Error, Hashable, Sendable {
        var message: String

        init(_ message: String) { self.message = message }
    }
}
