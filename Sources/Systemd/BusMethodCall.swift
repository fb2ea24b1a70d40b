/// A method call to send: where it goes and its arguments in order.
public struct BusMethodCall: Hashable, Sendable {
    public var destination: String
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [BusValue]

    public init(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
