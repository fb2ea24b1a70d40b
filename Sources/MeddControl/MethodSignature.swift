import MeddCore

/// What a method parameter accepts; `null` counts as absent for optional ones.
public enum ParameterType: Hashable, Sendable {
    /// A string with at least one character.
    case nonEmptyString
    /// Any string.
    case string
    /// A JSON integer (not `10.0`) within the range.
    case integer(ClosedRange<Int>)
    /// One of these strings.
    case oneOf(Set<String>)
    /// A boolean.
    case bool
    /// An array of objects, each with the parameters of `signature` (an offending one is named
    /// `name[index].parameter`).
    indirect case objects(MethodSignature)
}

/// The parameters one method accepts.
public struct MethodSignature: Hashable, Sendable {
    private struct Parameter: Hashable, Sendable {
        var type: ParameterType
        var required: Bool
    }

    private let parameters: [String: Parameter]
    /// Streams replies; requires `"more": true`.
    let streams: Bool

    init(required: [String: ParameterType] = [:], optional: [String: ParameterType] = [:], streams: Bool = false) {
        var parameters: [String: Parameter] = [:]
        for (name, type) in required { parameters[name] = Parameter(type: type, required: true) }
        for (name, type) in optional { parameters[name] = Parameter(type: type, required: false) }
        self.parameters = parameters
        self.streams = streams
    }

    /// The minutes `Snooze` accepts: at least one, at most the dose book's longest snooze.
    public static let snoozeMinutes = 1...DoseBook.longestSnoozeMinutes
    /// Who a client may say answered a dose: medctl and other clients (`cli`), or medd-sync bringing
    /// an answer from the CalDAV server (`caldav`). The daemon's own sources are not a client's to claim.
    public static let answerSources: Set<String> = [EventSource.cli.rawValue, EventSource.caldav.rawValue]
    /// Who a reading brought in by `ImportReadings` may have been recorded by: anyone but the daemon.
    public static let readingSources = Set(EventSource.allCases.filter { $0 != .daemon }.map(\.rawValue))
    /// The most readings one `ImportReadings` call takes (medctl import sends a file in parts of this size).
    public static let importBatch = 1000

    /// The longest snooze `Snooze` accepts, in minutes.
    public static var maximumSnoozeMinutes: Int { snoozeMinutes.upperBound }

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
            if case .objects(let signature) = parameter.type {
                guard case .array(let items) = value else { throw .invalidParameter(name) }
                for (index, item) in items.enumerated() {
                    guard case .object(let object) = item else { throw .invalidParameter("\(name)[\(index)]") }
                    do {
                        try signature.validate(object)
                    } catch .invalidParameter(let inner) {
                        throw .invalidParameter("\(name)[\(index)].\(inner)")
                    } catch {
                        throw error
                    }
                }
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
        case (.oneOf(let allowed), .string(let text)): allowed.contains(text)
        case (.bool, .bool): true
        default: false
        }
    }
}
