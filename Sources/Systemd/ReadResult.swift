/// What one non-blocking read gave.
public enum ReadResult: Sendable {
    case bytes([UInt8])
    /// Nothing to read now.
    case wouldBlock
    /// The other end closed (or the descriptor broke).
    case endOfStream
}
