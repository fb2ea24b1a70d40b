import Systemd

/// The bus itself (`org.freedesktop.DBus`): who owns a name, and the signals that say it changed.
enum BusDriver {
    static func getNameOwner(_ name: String) -> BusMethodCall {
        BusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                      member: "GetNameOwner", arguments: [.string(name)])
    }

    /// The bus telling us `name` changed hands (arrived, left, restarted).
    static func ownerChangedRule(_ name: String) -> String {
        "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
    }

    /// The new owner a `NameOwnerChanged` for `name` announces: empty when the name was left.
    static func newOwner(of name: String, in message: BusMessage) -> String? {
        guard (try? message.readString()) == name, (try? message.readString()) != nil else { return nil }
        return try? message.readString()
    }

    /// sd-bus's own signal when the connection to the bus is lost.
    static let disconnectedRule =
        "type='signal',sender='org.freedesktop.DBus.Local',path='/org/freedesktop/DBus/Local',interface='org.freedesktop.DBus.Local',member='Disconnected'"
}
