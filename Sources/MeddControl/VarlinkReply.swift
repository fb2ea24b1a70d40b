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

    /// `{"parameters": {"<key>": [...]}}`, NUL-terminated, handed to `emit` in pieces of about
    /// `pieceSize` bytes as `produce` yields the elements: a long list (a horizon can be thousands of
    /// doses) never exists whole, neither as a value tree nor as one buffer.
    public static func list(_ key: String, pieceSize: Int = 16 * 1024, emit: @escaping ([UInt8]) -> Void,
                            _ produce: ((JSONValue) -> Void) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieceSize + 1024)
        bytes.append(contentsOf: #"{"parameters":{"#.utf8)
        JSONValue.string(key).write(into: &bytes)
        bytes.append(contentsOf: ":[".utf8)
        var first = true
        produce { element in
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element.write(into: &bytes)
            if bytes.count >= pieceSize {
                emit(bytes)
                bytes = []
                bytes.reserveCapacity(pieceSize + 1024)
            }
        }
        bytes.append(contentsOf: "]}}".utf8)
        bytes.append(0)
        emit(bytes)
    }

    private static func terminated(_ value: JSONValue) -> [UInt8] {
        var bytes = value.serialized
        bytes.append(0)
        return bytes
    }
}
