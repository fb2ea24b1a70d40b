import CSystemd

extension BusValue {
    /// Appends the value to an outgoing message (`sd_bus_message_append` is variadic, so not callable from Swift).
    func append(to message: OpaquePointer) throws(SystemError) {
        switch self {
        case .byte(var value):
            try Self.appendBasic("y", &value, to: message)
        case .bool(let value):
            var int: Int32 = value ? 1 : 0
            try Self.appendBasic("b", &int, to: message)
        case .int32(var value):
            try Self.appendBasic("i", &value, to: message)
        case .uint32(var value):
            try Self.appendBasic("u", &value, to: message)
        case .string(let value):
            try Self.appendString(value, to: message)
        case .stringArray(let values):
            try Self.inContainer("a", "s", of: message) { () throws(SystemError) in
                for value in values { try Self.appendString(value, to: message) }
            }
        case .variantDictionary(let entries):
            try Self.inContainer("a", "{sv}", of: message) { () throws(SystemError) in
                for (key, value) in entries {
                    try Self.inContainer("e", "sv", of: message) { () throws(SystemError) in
                        try Self.appendString(key, to: message)
                        try Self.inContainer("v", value.signature, of: message) { () throws(SystemError) in
                            try value.append(to: message)
                        }
                    }
                }
            }
        }
    }

    private static func appendBasic<Value>(_ type: Character, _ value: inout Value, to message: OpaquePointer) throws(SystemError) {
        let result = withUnsafePointer(to: &value) { sd_bus_message_append_basic(message, BusMessage.type(type), $0) }
        _ = try SystemError.check("sd_bus_message_append_basic", result)
    }

    private static func appendString(_ value: String, to message: OpaquePointer) throws(SystemError) {
        // A string travels as its characters (`const char *`), not a pointer to one.
        let result = value.withCString { sd_bus_message_append_basic(message, BusMessage.type("s"), $0) }
        _ = try SystemError.check("sd_bus_message_append_basic", result)
    }

    private static func inContainer(_ type: Character, _ contents: String, of message: OpaquePointer,
                                    _ body: () throws(SystemError) -> Void) throws(SystemError) {
        _ = try SystemError.check("sd_bus_message_open_container", sd_bus_message_open_container(message, BusMessage.type(type), contents))
        try body()
        _ = try SystemError.check("sd_bus_message_close_container", sd_bus_message_close_container(message))
    }
}
