import CSystemd
import Glibc

/// A received D-Bus message. Valid only inside the handler it was passed to (sd-bus frees it
/// afterwards); each `read` consumes the next argument, as `sd_bus_message_read` does.
public struct BusMessage {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// The unique name of the connection that sent it (":1.42"), when known.
    public var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }

    public var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }

    /// The error this reply carries, if it is an error reply.
    public var error: BusCallError? {
        guard sd_bus_message_is_method_error(pointer, nil) > 0, let error = sd_bus_message_get_error(pointer) else { return nil }
        return BusCallError(name: error.pointee.name.map { String(cString: $0) } ?? "unknown error",
                            message: error.pointee.message.map { String(cString: $0) } ?? "")
    }

    public func readUInt32() throws(SystemError) -> UInt32 {
        var value: UInt32 = 0
        try read("u", into: &value)
        return value
    }

    public func readString() throws(SystemError) -> String {
        var value: UnsafePointer<CChar>?
        try read("s", into: &value)
        return String(cString: value!)
    }

    public func readStringArray() throws(SystemError) -> [String] {
        _ = try SystemError.check("sd_bus_message_enter_container", sd_bus_message_enter_container(pointer, Self.type("a"), "s"))
        var strings: [String] = []
        while true {
            var value: UnsafePointer<CChar>?
            let result = withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(pointer, Self.type("s"), $0) }
            if try SystemError.check("sd_bus_message_read_basic", result) == 0 { break }
            strings.append(String(cString: value!))
        }
        _ = try SystemError.check("sd_bus_message_exit_container", sd_bus_message_exit_container(pointer))
        return strings
    }

    public func readBool() throws(SystemError) -> Bool {
        var value: Int32 = 0
        try read("b", into: &value)
        return value != 0
    }

    public func readObjectPath() throws(SystemError) -> String {
        var value: UnsafePointer<CChar>?
        try read("o", into: &value)
        return String(cString: value!)
    }

    /// A `v` holding a boolean: the reply to `org.freedesktop.DBus.Properties.Get` of one.
    public func readVariantBool() throws(SystemError) -> Bool {
        try inContainer("v", "b") { () throws(SystemError) in try readBool() }
    }

    /// A `v` holding `(so)`, such as logind's `Display` of a user: a session's ID and object path.
    public func readVariantStringAndPath() throws(SystemError) -> (String, String) {
        try inContainer("v", "(so)") { () throws(SystemError) in
            try inContainer("r", "so") { () throws(SystemError) in (try readString(), try readObjectPath()) }
        }
    }

    /// `org.freedesktop.DBus.Properties.PropertiesChanged` (`sa{sv}as`) as far as one boolean property goes:
    /// the interface, the property's new value when the signal carries it, and whether it was only invalidated.
    public func readBoolPropertyChange(named name: String) throws(SystemError) -> (interface: String, value: Bool?, invalidated: Bool) {
        let interface = try readString()
        var value: Bool?
        try inContainer("a", "{sv}") { () throws(SystemError) in
            while try SystemError.check("sd_bus_message_enter_container", sd_bus_message_enter_container(pointer, Self.type("e"), "sv")) > 0 {
                let key = try readString()
                if key == name, sd_bus_message_verify_type(pointer, Self.type("v"), "b") > 0 {
                    value = try readVariantBool()
                } else {
                    _ = try SystemError.check("sd_bus_message_skip", sd_bus_message_skip(pointer, "v"))
                }
                _ = try SystemError.check("sd_bus_message_exit_container", sd_bus_message_exit_container(pointer))
            }
        }
        let invalidated = try readStringArray()
        return (interface, value, invalidated.contains(name))
    }

    private func inContainer<Result>(_ type: Character, _ contents: String,
                                     _ body: () throws(SystemError) -> Result) throws(SystemError) -> Result {
        guard try SystemError.check("sd_bus_message_enter_container", sd_bus_message_enter_container(pointer, Self.type(type), contents)) > 0 else {
            throw SystemError("sd_bus_message_enter_container", errno: ENXIO)
        }
        let result = try body()
        _ = try SystemError.check("sd_bus_message_exit_container", sd_bus_message_exit_container(pointer))
        return result
    }

    private func read<Value>(_ type: Character, into value: inout Value) throws(SystemError) {
        let result = withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(pointer, Self.type(type), $0) }
        // 0 means the message has no more arguments: a peer that sent the wrong signature.
        guard try SystemError.check("sd_bus_message_read_basic", result) > 0 else { throw SystemError("sd_bus_message_read_basic", errno: ENXIO) }
    }

    static func type(_ character: Character) -> CChar { CChar(bitPattern: character.asciiValue!) }
}
