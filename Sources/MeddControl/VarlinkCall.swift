/// One validated Varlink method call.
public struct VarlinkCall: Hashable, Sendable {
    /// Fully qualified method name, e.g. `io.medd.Control.Taken`.
    public var method: String
    public var parameters: [String: JSONValue]
    /// The caller wants no reply.
    public var oneway: Bool
    /// The caller accepts several replies (`continues`).
    public var more: Bool
    /// The caller asks to take over the connection after the reply.
    public var upgrade: Bool

    public init(method: String, parameters: [String: JSONValue] = [:], oneway: Bool = false, more: Bool = false, upgrade: Bool = false) {
        self.method = method
        self.parameters = parameters
        self.oneway = oneway
        self.more = more
        self.upgrade = upgrade
    }

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
        guard let signature = MethodSignature.all[method] else {
            let interface = method.lastIndex(of: ".").map { String(method[..<$0]) } ?? ""
            if MethodSignature.interfaces.contains(interface) { throw .methodNotFound(method) }
            throw .interfaceNotFound(interface)
        }
        try signature.validate(parameters)
        if signature.streams, flags["more"] != true { throw .expectedMore }
        self.init(
            method: method, parameters: parameters,
            oneway: flags["oneway"] ?? false, more: flags["more"] ?? false, upgrade: flags["upgrade"] ?? false)
    }

    /// A string parameter, or nil when absent, null or not a string.
    public func string(_ name: String) -> String? {
        if case .string(let text)? = parameters[name] { return text }
        return nil
    }

    /// An integer parameter, or nil when absent, null or not an integer.
    public func integer(_ name: String) -> Int? {
        if case .integer(let number)? = parameters[name] { return number }
        return nil
    }
}
