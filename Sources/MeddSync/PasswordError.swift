/// Why the password could not be had.
public enum PasswordError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    /// The file can be read by others than its owner.
    case fileTooOpen(path: String, mode: UInt32)
    case commandFailed(program: String, reason: String)
    case empty(source: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            "cannot read password_file \(path): \(reason)"
        case .fileTooOpen(let path, let mode):
            "password_file \(path) has mode \(String(mode & 0o777, radix: 8)); it must be readable by its owner only: chmod 600 \(path)"
        case .commandFailed(let program, let reason):
            "password_command \(program) \(reason)"
        case .empty(let source):
            "\(source) gave an empty password"
        }
    }
}
