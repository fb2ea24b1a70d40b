import MeddCore

/// One method call, accepted by the signature of a method served.
public struct VarlinkCall: Hashable, Sendable {
    /// Fully qualified method name, e.g. `io.medd.Control.Taken`.
    public let method: String
    public let parameters: [String: JSONValue]
    /// The caller wants no reply.
    public let oneway: Bool
    /// The caller accepts several replies (`continues`).
    public let more: Bool
    /// The caller asks to take over the connection after the reply.
    public let upgrade: Bool

    /// Decodes and validates one message (without its NUL) against the served methods.
    public init(message: [UInt8]) throws(VarlinkDecodeError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(message)
        } catch {
            throw .malformed(error)
        }
        guard case .object(let envelope) = value else { throw .notAnObject }
        guard let methodValue = envelope["method"] else { throw .missingMethod }
        guard case .string(let method) = methodValue else { throw .methodNotString }
        var flags: [String: Bool] = [:]
        for name in ["oneway", "more", "upgrade"] {
            switch envelope[name] {
            case nil, .null?: flags[name] = false
            case .bool(let flag)?: flags[name] = flag
            default: throw .flagNotBool(name)
            }
        }
        let parameters: [String: JSONValue]
        switch envelope["parameters"] {
        case nil, .null?: parameters = [:]
        case .object(let members)?: parameters = members
        default: throw .parametersNotObject
        }
        guard let signature = ControlMethod.named[method]?.signature else {
            let interface = method.lastIndex(of: ".").map { String(method[..<$0]) } ?? ""
            if ControlMethod.interfaces.contains(interface) { throw .methodNotFound(method) }
            throw .interfaceNotFound(interface)
        }
        try signature.validate(parameters)
        if signature.streams, flags["more"] != true { throw .expectedMore }
        self.method = method
        self.parameters = parameters
        oneway = flags["oneway"] ?? false
        more = flags["more"] ?? false
        upgrade = flags["upgrade"] ?? false
    }

    /// A string parameter, or nil when absent, null or not a string.
    func string(_ name: String) -> String? {
        if case .string(let text)? = parameters[name] { return text }
        return nil
    }

    /// An integer parameter, or nil when absent, null or not an integer.
    func integer(_ name: String) -> Int? {
        if case .integer(let number)? = parameters[name] { return number }
        return nil
    }

    /// The objects of an array parameter its signature checked (`ParameterType.objects`).
    func objects(_ name: String) -> [[String: JSONValue]] {
        guard case .array(let items)? = parameters[name] else { return [] }
        return items.compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    /// Who answered, from the `source` parameter its signature checked against `answerSources`; `cli` when absent.
    var source: EventSource {
        string("source").flatMap(EventSource.init(rawValue:)) ?? .cli
    }

    /// A string parameter the method's signature requires, so the accepted call has it.
    func required(_ name: String) -> String {
        guard let text = string(name) else { preconditionFailure("\(method) was accepted without its \(name)") }
        return text
    }
}

/// Why one message is not an acceptable call.
public enum VarlinkDecodeError: Error, Hashable, Sendable {
    /// The message is not JSON (including invalid UTF-8, excessive nesting, duplicate keys).
    case malformed(JSONParseError)
    /// The top-level value is not an object.
    case notAnObject
    case missingMethod
    case methodNotString
    /// `oneway`, `more` or `upgrade` is present but not a boolean.
    case flagNotBool(String)
    case parametersNotObject
    case interfaceNotFound(String)
    case methodNotFound(String)
    /// A parameter is unknown, missing, of the wrong type or out of range.
    case invalidParameter(String)
    /// The method streams replies and was called without `"more": true`.
    case expectedMore

    /// The error to reply with, or nil when the message is garbage and the connection
    /// should simply be closed.
    public var reply: VarlinkError? {
        switch self {
        case .malformed, .notAnObject, .missingMethod, .methodNotString: nil
        case .flagNotBool(let name): .invalidParameter(name)
        case .parametersNotObject: .invalidParameter("parameters")
        case .interfaceNotFound(let name): .interfaceNotFound(name)
        case .methodNotFound(let name): .methodNotFound(name)
        case .invalidParameter(let name): .invalidParameter(name)
        case .expectedMore: .expectedMore
        }
    }
}
