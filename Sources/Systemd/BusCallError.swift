/// A method call that failed: the D-Bus error name (or a local one) and its message.
public struct BusCallError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// Nobody owns the destination name, and nothing could be activated for it.
    public var isNoServer: Bool {
        name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }
}
