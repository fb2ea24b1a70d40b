/// Why a byte stream cannot be split into Varlink messages; the connection must be closed.
public enum VarlinkFrameError: Error, Hashable, Sendable {
    /// More than `limit` bytes arrived without a terminating NUL.
    case messageTooLarge(limit: Int)
}
