/// Why the password could not be had.
public enum PasswordError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    /// The file can be read by others than its owner.
    case fileTooOpen(path: String, mode: UInt32)
    case commandFailed(program: String, reason: String)
    /// The program gave no answer within `PasswordReader.commandTimeout`, and was stopped.
    case commandTimedOut(program: String, seconds: Int)
    case empty(source: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            "cannot read password_file \(path): \(reason)"
        case .fileTooOpen(let path, let mode):
            "password_file \(path) has mode \(String(mode & 0o777, radix: 8)); it must be readable by its owner only: chmod 600 \(path)"
        case .commandFailed(let program, let reason):
            "password_command \(program) \(reason)"
        case .commandTimedOut(let program, let seconds):
            "password_command \(program): no answer after \(seconds) s; stopped"
        case .empty(let source):
            "\(source) gave an empty password"
        }
    }
}
