/// A validated call as a typed request.
public enum ControlRequest: Hashable, Sendable {
    case getInfo
    case getInterfaceDescription(interface: String)
    case status
    case listDoses(ListDosesRequest)
    case taken(TakenRequest)
    case snooze(SnoozeRequest)
    case skip(SkipRequest)
    case medications
    case reload
    case adherence(AdherenceRequest)
    case watch

    /// The typed request for a call that `VarlinkCall(message:)` accepted.
    public init(_ call: VarlinkCall) throws(VarlinkDecodeError) {
        let dose = call.string("dose") ?? ""
        switch call.method {
        case "org.varlink.service.GetInfo": self = .getInfo
        case "org.varlink.service.GetInterfaceDescription":
            guard let interface = call.string("interface") else { throw .invalidParameter("interface") }
            self = .getInterfaceDescription(interface: interface)
        case "io.medd.Control.Status": self = .status
        case "io.medd.Control.ListDoses":
            self = .listDoses(ListDosesRequest(from: call.string("from"), to: call.string("to"), medication: call.string("medication")))
        case "io.medd.Control.Taken":
            guard !dose.isEmpty else { throw .invalidParameter("dose") }
            self = .taken(TakenRequest(dose: dose, at: call.string("at"), note: call.string("note")))
        case "io.medd.Control.Snooze":
            guard !dose.isEmpty else { throw .invalidParameter("dose") }
            self = .snooze(SnoozeRequest(dose: dose, minutes: call.integer("minutes")))
        case "io.medd.Control.Skip":
            guard !dose.isEmpty else { throw .invalidParameter("dose") }
            self = .skip(SkipRequest(dose: dose, reason: call.string("reason")))
        case "io.medd.Control.Medications": self = .medications
        case "io.medd.Control.Reload": self = .reload
        case "io.medd.Control.Adherence":
            self = .adherence(AdherenceRequest(since: call.string("since"), until: call.string("until"), medication: call.string("medication")))
        case "io.medd.Control.Watch": self = .watch
        default: throw .methodNotFound(call.method)
        }
    }
}
