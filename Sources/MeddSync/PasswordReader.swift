public import MeddCore
public import Systemd

/// The password of `[sync]` or `[mail]` from where the configuration says: a file only its owner can
/// read, or a program run without a shell (`secret-tool`, `pass`) whose first line of output is the
/// password. A file is read at once. A program runs on the loop, so medd-sync goes on following medd
/// while it runs (a keyring may first ask the person to unlock it), and is stopped after
/// `commandTimeout`. The password is kept until `forget()` (a server that refused it); it is never
/// logged, and errors name the file or the program, never what they gave.
public final class PasswordReader: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    /// How long a `password_command` may take: long enough to type a keyring's password into its prompt.
    public static let commandTimeout = TimeSpan(seconds: 60)
    /// What is kept of a command's output: a password is one line.
    private static let outputLimit = 4096

    private let source: SyncSettings.PasswordSource
    private let loop: EventLoop
    private let environment: [String: String]
    private var password: String?
    private var running: LoopCommand?
    private var waiting: [(Result<String, PasswordError>) -> Void] = []

    /// `known`: the password already read (a `password_file` read at start).
    public init(_ source: SyncSettings.PasswordSource, loop: EventLoop, environment: [String: String], known: String? = nil) {
        self.source = source
        self.loop = loop
        self.environment = environment
        password = known
    }

    /// The password: the one kept, else read now from the file, else from the program once it answered.
    /// `done` runs on the loop (at once, unless the program runs); a read under way is joined, not doubled.
    public func read(_ done: @escaping (Result<String, PasswordError>) -> Void) {
        if let password { return done(.success(password)) }
        switch source {
        case .file(let path):
            let result = Self.fromFile(path)
            password = try? result.get()
            done(result)
        case .command(let argv):
            waiting.append(done)
            if running == nil { run(argv) }
        }
    }

    /// The server refused the password: the next `read` reads it again.
    public func forget() {
        password = nil
    }

    /// medd-sync is stopping: a program still running is killed, and nobody is told.
    public func cancel() {
        running?.cancel()
        running = nil
        waiting = []
    }

    /// A `password_file`'s first line, read now (at start, where a file that cannot be read ends medd-sync).
    public static func fromFile(_ path: String) -> Result<String, PasswordError> {
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

    private func run(_ argv: [String]) {
        let program = argv[0]
        guard let path = FileSystem.executable(named: program, searchPath: environment["PATH"]) else {
            return answer(.failure(.commandFailed(program: program, reason: "was not found (PATH is \(environment["PATH"] ?? "unset"))")))
        }
        // Its standard error is medd-sync's (the journal): only standard output holds the password.
        do {
            running = try LoopCommand([path] + argv.dropFirst(), environment: environment.map { "\($0.key)=\($0.value)" }, errors: .inherited,
                                      on: loop, outputLimit: Self.outputLimit, timeoutUsec: UInt64(Self.commandTimeout.seconds) * 1_000_000) {
                [weak self] outcome in
                self?.running = nil
                self?.answer(Self.password(from: outcome, program: program))
            }
        } catch {
            answer(.failure(.commandFailed(program: program, reason: "could not be started: \(error.reason)")))
        }
    }

    private func answer(_ result: Result<String, PasswordError>) {
        password = try? result.get()
        let waiting = self.waiting
        self.waiting = []
        for done in waiting { done(result) }
    }

    private static func password(from outcome: LoopCommand.Outcome, program: String) -> Result<String, PasswordError> {
        switch outcome.ending {
        case .exited(0): return firstLine(outcome.output, source: "password_command \(program)")
        case .exited(let status): return .failure(.commandFailed(program: program, reason: "exited with status \(status)"))
        case .signalled(let signal): return .failure(.commandFailed(program: program, reason: "was killed by \(Signal(rawValue: signal))"))
        case .timedOut: return .failure(.commandTimedOut(program: program, seconds: Int(commandTimeout.seconds)))
        }
    }

    private static func firstLine(_ bytes: [UInt8], source: String) -> Result<String, PasswordError> {
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard !line.isEmpty else { return .failure(.empty(source: source)) }
        return .success(String(decoding: line, as: UTF8.self))
    }
}
