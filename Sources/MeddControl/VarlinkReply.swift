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

    private static func terminated(_ value: JSONValue) -> [UInt8] {
        var bytes = value.serialized
        bytes.append(0)
        return bytes
    }
}
