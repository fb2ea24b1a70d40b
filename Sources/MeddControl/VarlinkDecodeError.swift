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
