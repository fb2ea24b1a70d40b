import MeddControl

/// Why a call to the daemon failed, with the exit status medctl gives it (69 unreachable, 1 refused).
enum ClientError: Error {
    /// No socket path: no --socket, no $MEDD_SOCKET, no $XDG_RUNTIME_DIR.
    case noSocketPath
    /// Nothing listens at the path (missing, refused, not a socket, no permission).
    case unreachable(path: String, reason: String)
    /// The daemon answered with a Varlink error.
    case daemon(name: String, parameters: [String: JSONValue])
    /// The daemon closed the connection or sent something that is not a reply.
    case protocolFailure(path: String, reason: String)

    var exitStatus: Int32 {
        switch self {
        case .noSocketPath, .unreachable, .protocolFailure: 69
        case .daemon: 1
        }
    }

    var message: String {
        switch self {
        case .noSocketPath:
            return """
                medctl: no control socket to connect to: $XDG_RUNTIME_DIR is not set; \
                pass --socket PATH or set MEDD_SOCKET
                """
        case .unreachable(let path, let reason):
            return """
                medctl: cannot reach medd at \(path): \(reason)
                Start it with: systemctl --user start medd.socket   (or run `medd` in a terminal)
                """
        case .protocolFailure(let path, let reason):
            return "medctl: medd at \(path) did not answer properly: \(reason)"
        case .daemon(let name, let parameters):
            return "medctl: " + DaemonErrorText.describe(name, parameters)
        }
    }
}

/// Plain sentences for the daemon's Varlink errors.
private enum DaemonErrorText {
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
