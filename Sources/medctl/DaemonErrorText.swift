import MeddControl

/// Plain sentences for the daemon's Varlink errors.
enum DaemonErrorText {
    static func describe(_ name: String, _ parameters: [String: JSONValue]) -> String {
        let short = name.split(separator: ".").last.map(String.init) ?? name
        func text(_ key: String) -> String { parameters[key]?.stringValue ?? "?" }
        switch short {
        case "NoSuchDose":
            return "no dose \(text("dose")), and no open dose of a medication with that ID"
        case "NoSuchMedication":
            return "no medication \(text("medication")) in the configuration"
        case "NotYetDue":
            return "\(text("dose")) is not due until \(LocalTimeText.display(iso: text("due"))); it cannot be answered earlier"
        case "Ambiguous":
            let candidates = parameters["candidates"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "that names more than one open dose; name one of them:\n" + candidates.map { "  \($0)" }.joined(separator: "\n")
        case "LimitReached":
            return text("message")
        case "AlreadyFinal":
            return "\(text("dose")) is already \(text("state"))"
        case "InvalidConfig":
            let errors = parameters["errors"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "the configuration has errors; medd keeps the previous one:\n" + errors.joined(separator: "\n")
        case "StorageFailed":
            return "medd could not record it: \(text("message"))"
        case "InvalidParameter":
            return "medd refused the parameter \(text("parameter"))"
        case "PermissionDenied":
            return "medd serves only the user who runs it"
        default:
            let details = parameters.isEmpty ? "" : " " + String(decoding: JSONValue.object(parameters).serialized, as: UTF8.self)
            return "medd answered \(name)\(details)"
        }
    }
}
