public import MeddCore
import Systemd

/// Reads the `[sync]` password from where the configuration says: a file only its owner can read, or a
/// program run without a shell (`secret-tool`, `pass`) whose first line of output is the password.
/// The password is never logged; errors name the file or the program, never what they gave.
public enum PasswordReader {
    public static func read(_ source: SyncSettings.PasswordSource, environment: [String: String]) -> Result<String, PasswordError> {
        switch source {
        case .file(let path): fromFile(path)
        case .command(let argv): fromCommand(argv, environment: environment)
        }
    }

    private static func fromFile(_ path: String) -> Result<String, PasswordError> {
        let mode: UInt32
        let bytes: [UInt8]
        do {
            mode = try FileSystem.permissions(of: path)
            guard mode & 0o077 == 0 else { return .failure(.fileTooOpen(path: path, mode: mode)) }
            bytes = try FileReader.firstBytes(at: path, count: 4096)
        } catch {
            return .failure(.unreadableFile(path: path, reason: error.reason))
        }
        return firstLine(bytes, source: "password_file \(path)")
    }

    private static func fromCommand(_ argv: [String], environment: [String: String]) -> Result<String, PasswordError> {
        guard let program = FileSystem.executable(named: argv[0], searchPath: environment["PATH"]) else {
            return .failure(.commandFailed(program: argv[0], reason: "was not found (PATH is \(environment["PATH"] ?? "unset"))"))
        }
        let result: FilterProgram.Result
        do {
            result = try FilterProgram.run(program, arguments: argv, environment: environment.map { "\($0.key)=\($0.value)" }, input: [],
                                           outputLimit: 4096)
        } catch {
            return .failure(.commandFailed(program: argv[0], reason: "could not be started: \(error.reason)"))
        }
        switch result.termination {
        case .exited(0): break
        case .exited(let status): return .failure(.commandFailed(program: argv[0], reason: "exited with status \(status)"))
        case .signalled(let signal): return .failure(.commandFailed(program: argv[0], reason: "was killed by \(signal)"))
        }
        return firstLine(result.output, source: "password_command \(argv[0])")
    }

    private static func firstLine(_ bytes: [UInt8], source: String) -> Result<String, PasswordError> {
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard !line.isEmpty else { return .failure(.empty(source: source)) }
        return .success(String(decoding: line, as: UTF8.self))
    }
}
