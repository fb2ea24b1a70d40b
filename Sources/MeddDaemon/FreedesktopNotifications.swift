import Systemd

/// Names of the freedesktop notification service (Desktop Notifications Specification 1.2).
enum FreedesktopNotifications {
    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    static func call(_ member: String, _ arguments: [BusValue] = []) -> BusMethodCall {
        BusMethodCall(destination: name, path: path, interface: name, member: member, arguments: arguments)
    }

    static func signalRule(_ member: String) -> String {
        "type='signal',interface='\(name)',path='\(path)',member='\(member)'"
    }

    /// The bus telling us the server's name changed hands (arrived, left, restarted).
    static let ownerChangedRule =
        "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"

    static let getNameOwner = BusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                            interface: "org.freedesktop.DBus", member: "GetNameOwner",
                                            arguments: [.string(name)])

    /// sd-bus's own signal when the connection to the bus is lost.
    static let disconnectedRule =
        "type='signal',sender='org.freedesktop.DBus.Local',path='/org/freedesktop/DBus/Local',interface='org.freedesktop.DBus.Local',member='Disconnected'"
}
