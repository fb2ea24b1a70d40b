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

    /// `{"parameters": {"<key>": [...]}}`, NUL-terminated, made a piece at a time: each call of the
    /// returned closure encodes the elements of the next `batches` until the piece has `pieceSize`
    /// bytes, and nil follows the last piece. A long list (a horizon can be thousands of doses)
    /// then never exists whole, neither as a value tree nor as one buffer, and a reader that is
    /// slow to read makes the sender wait rather than hold the rest.
    public static func list(_ key: String, pieceSize: Int = 16 * 1024,
                            batches: @escaping () -> (((JSONValue) -> Void) -> Void)?) -> () -> [UInt8]? {
        var header = listOpening(key, continues: false)
        var first = true
        var finished = false
        return {
            guard !finished else { return nil }
            var bytes = header
            header = []
            while bytes.count < pieceSize {
                guard let batch = batches() else {
                    bytes.append(contentsOf: listClosing)
                    finished = true
                    return bytes
                }
                batch { element in
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    element.write(into: &bytes)
                }
            }
            return bytes
        }
    }

    /// One reply of a list given in parts, `{"parameters": {"<key>": [...]}}` (with `"continues": true` unless
    /// it is the last), the list's elements already written, separated by commas.
    public static func page(_ key: String, elements: [UInt8], continues: Bool) -> [UInt8] {
        var bytes = listOpening(key, continues: continues)
        bytes.append(contentsOf: elements)
        bytes.append(contentsOf: listClosing)
        return bytes
    }

    /// A list reply up to its first element: `{"parameters":{"<key>":[`, with `continues` before it.
    private static func listOpening(_ key: String, continues: Bool) -> [UInt8] {
        var bytes = Array((continues ? #"{"continues":true,"parameters":{"# : #"{"parameters":{"#).utf8)
        JSONValue.string(key).write(into: &bytes)
        bytes.append(contentsOf: ":[".utf8)
        return bytes
    }

    /// A list reply after its last element, NUL-terminated.
    private static let listClosing: [UInt8] = Array("]}}".utf8) + [0]

    private static func terminated(_ value: JSONValue) -> [UInt8] {
        var bytes = value.serialized
        bytes.append(0)
        return bytes
    }
}
