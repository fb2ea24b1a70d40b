/// Why the control socket could not be set up, in words for the user.
public struct SocketError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
