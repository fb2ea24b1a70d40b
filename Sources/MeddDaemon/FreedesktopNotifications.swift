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
}
