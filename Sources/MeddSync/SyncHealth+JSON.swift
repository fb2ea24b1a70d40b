public import MeddControl
import MeddCore

extension SyncHealth {
    /// The status file's content: what `medctl status` shows. Never holds a user name or password.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["server": .string(server), "waiting": .integer(waiting)]
        if let lastSuccess { object["lastSuccess"] = .string(lastSuccess.description) }
        if let lastError { object["lastError"] = .string(lastError) }
        if let lastErrorAt { object["lastErrorAt"] = .string(lastErrorAt.description) }
        if let failingSince { object["failingSince"] = .string(failingSince.description) }
        return .object(object)
    }
}
