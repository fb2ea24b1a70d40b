/// Why a zone could not be loaded: a file that cannot be read, bytes that are not a valid TZif
/// file, a bad POSIX TZ string, or a zone name that is not a plain relative path.
public struct ZoneFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, without the path.
    public var message: String
    /// The file it went wrong in, when there is one.
    public var path: String?
    /// The file could not be opened because it does not exist.
    public var fileIsMissing: Bool

    public init(_ message: String, path: String? = nil, fileIsMissing: Bool = false) {
        self.message = message
        self.path = path
        self.fileIsMissing = fileIsMissing
    }

    /// The same error, now knowing which file it is about.
    func at(_ path: String) -> ZoneFileError {
        ZoneFileError(message, path: self.path ?? path, fileIsMissing: fileIsMissing)
    }

    /// `PATH: message`, or the message alone.
    public var description: String { path.map { "\($0): \(message)" } ?? message }
}
