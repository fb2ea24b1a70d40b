import MeddCore

/// The parameters one method accepts.
public struct MethodSignature: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        public var type: ParameterType
        public var required: Bool
    }

    public var parameters: [String: Parameter]
    /// Streams replies; requires `"more": true`.
    public var streams: Bool

    public init(required: [String: ParameterType] = [:], optional: [String: ParameterType] = [:], streams: Bool = false) {
        var parameters: [String: Parameter] = [:]
        for (name, type) in required { parameters[name] = Parameter(type: type, required: true) }
        for (name, type) in optional { parameters[name] = Parameter(type: type, required: false) }
        self.parameters = parameters
        self.streams = streams
    }

    /// The minutes `Snooze` accepts: at least one, at most the dose book's longest snooze.
    public static let snoozeMinutes = 1...DoseBook.longestSnoozeMinutes
    /// The longest snooze `Snooze` accepts, in minutes.
    public static var maximumSnoozeMinutes: Int { snoozeMinutes.upperBound }

    /// Every method served, by fully qualified name.
    public static let all: [String: MethodSignature] = [
        "org.varlink.service.GetInfo": MethodSignature(),
        "org.varlink.service.GetInterfaceDescription": MethodSignature(required: ["interface": .nonEmptyString]),
        "io.medd.Control.Status": MethodSignature(),
        "io.medd.Control.ListDoses": MethodSignature(
            optional: ["from": .nonEmptyString, "to": .nonEmptyString, "medication": .nonEmptyString]),
        "io.medd.Control.Taken": MethodSignature(
            required: ["dose": .nonEmptyString], optional: ["at": .nonEmptyString, "note": .string]),
        "io.medd.Control.Snooze": MethodSignature(
            required: ["dose": .nonEmptyString], optional: ["minutes": .integer(snoozeMinutes)]),
        "io.medd.Control.Skip": MethodSignature(required: ["dose": .nonEmptyString], optional: ["reason": .string]),
        "io.medd.Control.Medications": MethodSignature(),
        "io.medd.Control.Reload": MethodSignature(),
        "io.medd.Control.Adherence": MethodSignature(
            optional: ["since": .nonEmptyString, "until": .nonEmptyString, "medication": .nonEmptyString]),
        "io.medd.Control.Watch": MethodSignature(streams: true),
    ]

    /// Interfaces served.
    public static let interfaces = ["org.varlink.service", ControlInterface.name]

    /// Checks parameters against the signature; the first offending name, sorted, is reported.
    func validate(_ given: [String: JSONValue]) throws(VarlinkDecodeError) {
        for name in given.keys.sorted() where parameters[name] == nil {
            throw .invalidParameter(name)
        }
        for (name, parameter) in parameters.sorted(by: { $0.key < $1.key }) {
            let value = given[name] ?? .null
            if value == .null {
                if parameter.required { throw .invalidParameter(name) }
                continue
            }
            guard Self.accepts(parameter.type, value) else { throw .invalidParameter(name) }
        }
    }

    private static func accepts(_ type: ParameterType, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.string, .string): true
        case (.nonEmptyString, .string(let text)): !text.isEmpty
        case (.integer(let range), .integer(let number)): range.contains(number)
        default: false
        }
    }
}
