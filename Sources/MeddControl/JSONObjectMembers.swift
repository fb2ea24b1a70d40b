public import MeddCore

/// The members of one JSON object, added in the order of their keys, each key once: gathered into an
/// object (`JSONObjectBuilder`) or written straight as compact JSON (`JSONObjectWriter`), so that one list
/// of members serves both a reply built as a value and a history of years written byte by byte.
public protocol JSONObjectMembers {
    mutating func add(_ key: String, _ value: JSONValue)
    /// `time` as ISO 8601 with the given UTC offset.
    mutating func add(_ key: String, time: Instant, offsetSeconds: Int)
    mutating func add(_ key: String, dose: DoseID)
}

extension JSONObjectMembers {
    public mutating func add(_ key: String, time: Instant, offsetSeconds: Int) {
        add(key, .string(time.format(offsetSeconds: offsetSeconds)))
    }

    public mutating func add(_ key: String, dose: DoseID) {
        add(key, .string(dose.description))
    }
}

/// The members gathered into a `JSONValue.object`.
public struct JSONObjectBuilder: JSONObjectMembers {
    public private(set) var object: [String: JSONValue] = [:]

    public init() {}

    public mutating func add(_ key: String, _ value: JSONValue) {
        object[key] = value
    }
}

/// The members written as compact JSON, byte for byte as the `JSONValue.object` of them is serialized
/// (keys sorted): times and dose IDs go into the bytes without becoming strings first.
public struct JSONObjectWriter: JSONObjectMembers {
    fileprivate var output: [UInt8]
    private var isFirst = true
    #if DEBUG
    private var lastKey: String?
    #endif

    fileprivate init(output: [UInt8]) {
        self.output = output
    }

    public mutating func add(_ key: String, _ value: JSONValue) {
        writeKey(key)
        value.write(into: &output)
    }

    public mutating func add(_ key: String, time: Instant, offsetSeconds: Int) {
        writeKey(key)
        output.append(UInt8(ascii: "\""))
        time.appendFormat(offsetSeconds: offsetSeconds, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// A dose ID never needs escaping: its medication part is letters, digits, `_` and `-`.
    public mutating func add(_ key: String, dose: DoseID) {
        writeKey(key)
        output.append(UInt8(ascii: "\""))
        dose.appendDescription(to: &output)
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeKey(_ key: String) {
        #if DEBUG
        assert(lastKey.map { $0 < key } ?? true, "member \(key) out of key order")
        lastKey = key
        #endif
        if !isFirst { output.append(UInt8(ascii: ",")) }
        isFirst = false
        JSONValue.writeString(key, into: &output)
        output.append(UInt8(ascii: ":"))
    }
}

extension JSONValue {
    /// Appends to `output` the compact JSON object of the members `add` gives (in the order of their keys).
    public static func writeObject(into output: inout [UInt8], _ add: (inout JSONObjectWriter) -> Void) {
        output.append(UInt8(ascii: "{"))
        var writer = JSONObjectWriter(output: [])
        swap(&writer.output, &output)
        add(&writer)
        swap(&writer.output, &output)
        output.append(UInt8(ascii: "}"))
    }
}
