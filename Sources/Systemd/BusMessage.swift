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

    private func read<Value>(_ type: Character, into value: inout Value) throws(SystemError) {
        let result = withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(pointer, Self.type(type), $0) }
        // 0 means the message has no more arguments: a peer that sent the wrong signature.
        guard try SystemError.check("sd_bus_message_read_basic", result) > 0 else { throw SystemError("sd_bus_message_read_basic", errno: ENXIO) }
    }

    static func type(_ character: Character) -> CChar { CChar(bitPattern: character.asciiValue!) }
}
