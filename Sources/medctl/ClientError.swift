import MeddControl
import MeddCore

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
            return "medctl: " + tr("""
                no control socket to connect to: $XDG_RUNTIME_DIR is not set; \
                pass --socket PATH or set MEDD_SOCKET
                """)
        case .unreachable(let path, let reason):
            // TRANSLATORS: %1$s is the control socket's path, %2$s why it cannot be reached (from the system).
            return "medctl: " + tr("""
                cannot reach medd at %1$s: %2$s
                Start it with: systemctl --user start medd.socket   (or run `medd` in a terminal)
                """, path, reason)
        case .protocolFailure(let path, let reason):
            return "medctl: " + tr("medd at %1$s did not answer properly: %2$s", path, reason)
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
            return tr("no dose %1$s, and no open dose of a medication with that ID", text("dose"))
        case "NoSuchMedication":
            return tr("no medication %1$s in the configuration", text("medication"))
        case "NoSuchMeasurement":
            return tr("no measurement %1$s in the configuration", text("measurement"))
        case "InvalidValue":
            // TRANSLATORS: %1$s is a measurement ID, %2$s why its reading was refused (in English, from medd).
            return tr("%1$s: reading refused: %2$s", text("measurement"), text("message"))
        case "InvalidRefill":
            // TRANSLATORS: %1$s is a medication ID, %2$s why its refill was refused (in English, from medd).
            return tr("%1$s: refill refused: %2$s", text("medication"), text("message"))
        case "NotYetDue":
            // TRANSLATORS: %1$s is a dose ID, %2$s when it is due (a date and time).
            return tr("%1$s is not due until %2$s; it cannot be answered earlier", text("dose"), LocalTimeText.display(iso: text("due")))
        case "Ambiguous":
            let candidates = parameters["candidates"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return tr("that names more than one open dose; name one of them:") + "\n"
                + candidates.map { "  \($0)" }.joined(separator: "\n")
        case "LimitReached":
            return text("message")
        case "AlreadyFinal":
            // TRANSLATORS: %1$s is a dose ID, %2$s its state (taken, skipped, missed).
            return tr("%1$s is already %2$s", text("dose"), StateName.dose(text("state")))
        case "InvalidConfig":
            let errors = parameters["errors"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return tr("the configuration has errors; medd keeps the previous one:") + "\n" + errors.joined(separator: "\n")
        case "StorageFailed":
            // TRANSLATORS: %1$s is the storage's error, as medd reports it.
            return tr("medd could not record it: %1$s", text("message"))
        case "InvalidParameter":
            return tr("medd refused the parameter %1$s", text("parameter"))
        case "PermissionDenied":
            return tr("medd serves only the user who runs it")
        default:
            let details = parameters.isEmpty ? "" : " " + String(decoding: JSONValue.object(parameters).serialized, as: UTF8.self)
            // TRANSLATORS: an error medctl does not know; %1$s is its Varlink name and parameters.
            return tr("medd answered %1$s", name + details)
        }
    }
}
