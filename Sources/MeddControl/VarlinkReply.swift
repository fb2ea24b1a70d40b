/// Encodes replies as NUL-terminated messages with sorted keys.
public enum VarlinkReply {
    /// `{"parameters": {...}}`, with `"continues": true` when more replies follow.
    public static func parameters(_ parameters: [String: JSONValue], continues: Bool = false) -> [UInt8] {
        var envelope: [String: JSONValue] = ["parameters": .object(parameters)]
        if continues { envelope["continues"] = .bool(true) }
        return terminated(.object(envelope))
    }

    /// `{"error": "...", "parameters": {...}}`.
    public static func error(_ error: VarlinkError) -> [UInt8] {
        terminated(.object(["error": .string(error.name), "parameters": .object(error.parameters)]))
    }

    /// `{"parameters": {"<key>": [...]}}` with the elements encoded one at a time as `produce`
    /// yields them, so a long list never exists as a value tree (a horizon can be thousands of doses).
    public static func list(_ key: String, reserving capacity: Int = 0, _ produce: ((JSONValue) -> Void) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + capacity)
        bytes.append(contentsOf: #"{"parameters":{"#.utf8)
        JSONValue.string(key).write(into: &bytes)
        bytes.append(contentsOf: ":[".utf8)
        var first = true
        produce { element in
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element.write(into: &bytes)
        }
        bytes.append(contentsOf: "]}}".utf8)
        bytes.append(0)
        return bytes
    }

    private static func terminated(_ value: JSONValue) -> [UInt8] {
        var bytes = value.serialized
        bytes.append(0)
        return bytes
    }
}
