public import MeddCore

/// A Varlink error reply: a qualified error name and its parameters.
public struct VarlinkError: Error, Hashable, Sendable {
    public var name: String
    public var parameters: [String: JSONValue]

    public init(name: String, parameters: [String: JSONValue] = [:]) {
        self.name = name
        self.parameters = parameters
    }

    /// `org.varlink.service.InterfaceNotFound`.
    public static func interfaceNotFound(_ interface: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.InterfaceNotFound", parameters: ["interface": .string(interface)])
    }

    /// `org.varlink.service.MethodNotFound`.
    public static func methodNotFound(_ method: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.MethodNotFound", parameters: ["method": .string(method)])
    }

    /// `org.varlink.service.InvalidParameter`.
    public static func invalidParameter(_ parameter: String) -> VarlinkError {
        VarlinkError(name: "org.varlink.service.InvalidParameter", parameters: ["parameter": .string(parameter)])
    }

    /// `org.varlink.service.ExpectedMore`: the method streams and needs `"more": true`.
    public static let expectedMore = VarlinkError(name: "org.varlink.service.ExpectedMore")

    /// An error of `io.medd.Control`, e.g. `control("NoSuchDose", ["dose": .string(id)])`.
    public static func control(_ member: String, _ parameters: [String: JSONValue] = [:]) -> VarlinkError {
        VarlinkError(name: "\(ControlInterface.name).\(member)", parameters: parameters)
    }
}

extension VarlinkError {
    /// The Varlink error for a refusal of the dose book.
    public init(_ rejection: DoseBook.Rejection) {
        switch rejection {
        case .noSuchDose(let text):
            self = .control("NoSuchDose", ["dose": .string(text)])
        case .noSuchMedication(let text):
            self = .control("NoSuchMedication", ["medication": .string(text)])
        case .noSuchMeasurement(let text):
            self = .control("NoSuchMeasurement", ["measurement": .string(text)])
        case .invalidValue(let measurement, let text):
            self = .control("InvalidValue", ["measurement": .string(measurement), "message": .string(text)])
        case .invalidImport(let index, let measurement, let text):
            self = .control("InvalidValue", ["measurement": .string(measurement), "message": .string(text), "index": .integer(index)])
        case .notYetDue(let id, let due):
            self = .control("NotYetDue", ["dose": .string(id.description), "due": .string(due.description)])
        case .answeredTooEarly(let id, let due, let at, _, _):
            self = .control("NotYetDue", ["dose": .string(id.description), "due": .string(due.description), "at": .string(at.description),
                                          "message": .string(rejection.description)])
        case .ambiguous(let candidates):
            self = .control("Ambiguous", ["candidates": .array(candidates.map { .string($0.description) })])
        case .limitReached(let text):
            self = .control("LimitReached", ["message": .string(text)])
        case .alreadyFinal(let id, let state):
            self = .control("AlreadyFinal", ["dose": .string(id.description), "state": .string(state.rawValue)])
        case .invalidParameter(let text):
            self = .invalidParameter(text)
        case .invalidRefill(let medication, let text):
            self = .control("InvalidRefill", ["medication": .string(medication), "message": .string(text)])
        }
    }

    /// `io.medd.Control.InvalidConfig` with one line per configuration error.
    public static func invalidConfig(_ errors: [String]) -> VarlinkError {
        .control("InvalidConfig", ["errors": .array(errors.map(JSONValue.string))])
    }
}
