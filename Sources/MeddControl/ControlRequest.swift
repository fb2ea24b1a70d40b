public import MeddCore

/// A validated call as a typed request.
public enum ControlRequest: Hashable, Sendable {
    case getInfo
    case getInterfaceDescription(interface: String)
    case status
    case listDoses(ListDoses)
    /// `ListHistory`: the same parameters as `ListDoses`.
    case listHistory(ListDoses)
    case taken(Taken)
    case snooze(Snooze)
    case skip(Skip)
    case medications
    case reload
    case adherence(Adherence)
    case backup
    case watch
    case measure(Measure)
    case refill(Refill)
    case listReadings(ListReadings)
    case importReadings(ImportReadings)
    /// `Effect`: the same parameters as `Adherence`.
    case effect(Adherence)

    /// Parameters of `ImportReadings`: the readings as objects its signature checked, and whether only to check them.
    public struct ImportReadings: Hashable, Sendable {
        public var readings: [[String: JSONValue]]
        public var dryRun: Bool

        public init(readings: [[String: JSONValue]], dryRun: Bool = false) {
            self.readings = readings
            self.dryRun = dryRun
        }
    }

    /// Parameters of `Measure`: a measurement ID, the value as text, when it was taken (default now), a
    /// note and who recorded it.
    public struct Measure: Hashable, Sendable {
        public var measurement: String
        /// nil: the reminder `dose` is answered as done, with no reading.
        public var value: String?
        /// The reminder to answer; nil: the one open at `at`, else none.
        public var dose: String?
        public var at: String?
        public var note: String?
        public var source: EventSource

        public init(measurement: String, value: String?, dose: String? = nil, at: String? = nil, note: String? = nil,
                    source: EventSource = .cli) {
            self.measurement = measurement
            self.value = value
            self.dose = dose
            self.at = at
            self.note = note
            self.source = source
        }
    }

    /// Parameters of `Refill`: a medication ID, the units added as decimal text (exact), and a note.
    public struct Refill: Hashable, Sendable {
        public var medication: String
        public var amount: String
        public var note: String?

        public init(medication: String, amount: String, note: String? = nil) {
            self.medication = medication
            self.amount = amount
            self.note = note
        }
    }

    /// Parameters of `ListReadings`; nil means the default range or every measurement.
    public struct ListReadings: Hashable, Sendable {
        public var from: String?
        public var to: String?
        public var measurement: String?

        public init(from: String? = nil, to: String? = nil, measurement: String? = nil) {
            self.from = from
            self.to = to
            self.measurement = measurement
        }
    }

    /// Parameters of `ListDoses`; nil means the default range or all medications.
    public struct ListDoses: Hashable, Sendable {
        public var from: String?
        public var to: String?
        public var medication: String?

        public init(from: String? = nil, to: String? = nil, medication: String? = nil) {
            self.from = from
            self.to = to
            self.medication = medication
        }
    }

    /// Parameters of `Taken`: a dose or medication ID, when (default now), a note and who answered.
    public struct Taken: Hashable, Sendable {
        public var dose: String
        public var at: String?
        public var note: String?
        public var source: EventSource

        public init(dose: String, at: String? = nil, note: String? = nil, source: EventSource = .cli) {
            self.dose = dose
            self.at = at
            self.note = note
            self.source = source
        }
    }

    /// Parameters of `Snooze`: a dose or medication ID and minutes (default from the configuration).
    public struct Snooze: Hashable, Sendable {
        public var dose: String
        public var minutes: Int?

        public init(dose: String, minutes: Int? = nil) {
            self.dose = dose
            self.minutes = minutes
        }
    }

    /// Parameters of `Skip`: a dose or medication ID, when (default now), an optional reason and who answered.
    public struct Skip: Hashable, Sendable {
        public var dose: String
        public var at: String?
        public var reason: String?
        public var source: EventSource

        public init(dose: String, at: String? = nil, reason: String? = nil, source: EventSource = .cli) {
            self.dose = dose
            self.at = at
            self.reason = reason
            self.source = source
        }
    }

    /// Parameters of `Adherence`; nil means the default range or all medications.
    public struct Adherence: Hashable, Sendable {
        public var since: String?
        public var until: String?
        public var medication: String?

        public init(since: String? = nil, until: String? = nil, medication: String? = nil) {
            self.since = since
            self.until = until
            self.medication = medication
        }
    }

    /// The typed request for a call that `VarlinkCall(message:)` accepted.
    public init(_ call: VarlinkCall) throws(VarlinkDecodeError) {
        guard let method = ControlMethod.named[call.method] else { throw .methodNotFound(call.method) }
        self = method.request(call)
    }
}

/// One method served: its qualified name, the parameters it accepts and the request a call of it
/// becomes. `all` is the one list of methods, both for validating calls and for decoding them.
struct ControlMethod: Sendable {
    let name: String
    let signature: MethodSignature
    /// Reads parameters that `signature` has already accepted.
    let request: @Sendable (VarlinkCall) -> ControlRequest

    private init(_ name: String, required: [String: ParameterType] = [:], optional: [String: ParameterType] = [:],
                 streams: Bool = false, request: @escaping @Sendable (VarlinkCall) -> ControlRequest) {
        self.name = name
        self.signature = MethodSignature(required: required, optional: optional, streams: streams)
        self.request = request
    }

    static let all: [ControlMethod] = [
        ControlMethod("org.varlink.service.GetInfo") { _ in .getInfo },
        ControlMethod("org.varlink.service.GetInterfaceDescription", required: ["interface": .nonEmptyString]) {
            .getInterfaceDescription(interface: $0.required("interface"))
        },
        ControlMethod("io.medd.Control.Status") { _ in .status },
        ControlMethod("io.medd.Control.ListDoses",
                      optional: ["from": .nonEmptyString, "to": .nonEmptyString, "medication": .nonEmptyString]) {
            .listDoses(.init(from: $0.string("from"), to: $0.string("to"), medication: $0.string("medication")))
        },
        ControlMethod("io.medd.Control.ListHistory",
                      optional: ["from": .nonEmptyString, "to": .nonEmptyString, "medication": .nonEmptyString]) {
            .listHistory(.init(from: $0.string("from"), to: $0.string("to"), medication: $0.string("medication")))
        },
        ControlMethod("io.medd.Control.Taken", required: ["dose": .nonEmptyString],
                      optional: ["at": .nonEmptyString, "note": .string, "source": .oneOf(MethodSignature.answerSources)]) {
            .taken(.init(dose: $0.required("dose"), at: $0.string("at"), note: $0.string("note"), source: $0.source))
        },
        ControlMethod("io.medd.Control.Snooze", required: ["dose": .nonEmptyString],
                      optional: ["minutes": .integer(MethodSignature.snoozeMinutes)]) {
            .snooze(.init(dose: $0.required("dose"), minutes: $0.integer("minutes")))
        },
        ControlMethod("io.medd.Control.Skip", required: ["dose": .nonEmptyString],
                      optional: ["at": .nonEmptyString, "reason": .string, "source": .oneOf(MethodSignature.answerSources)]) {
            .skip(.init(dose: $0.required("dose"), at: $0.string("at"), reason: $0.string("reason"), source: $0.source))
        },
        ControlMethod("io.medd.Control.Medications") { _ in .medications },
        ControlMethod("io.medd.Control.Reload") { _ in .reload },
        ControlMethod("io.medd.Control.Adherence",
                      optional: ["since": .nonEmptyString, "until": .nonEmptyString, "medication": .nonEmptyString]) {
            .adherence(.init(since: $0.string("since"), until: $0.string("until"), medication: $0.string("medication")))
        },
        ControlMethod("io.medd.Control.Measure", required: ["measurement": .nonEmptyString],
                      optional: ["value": .nonEmptyString, "dose": .nonEmptyString, "at": .nonEmptyString, "note": .string,
                                 "source": .oneOf(MethodSignature.answerSources)]) {
            .measure(.init(measurement: $0.required("measurement"), value: $0.string("value"), dose: $0.string("dose"), at: $0.string("at"),
                           note: $0.string("note"), source: $0.source))
        },
        ControlMethod("io.medd.Control.Refill", required: ["medication": .nonEmptyString, "amount": .string],
                      optional: ["note": .string]) {
            .refill(.init(medication: $0.required("medication"), amount: $0.required("amount"), note: $0.string("note")))
        },
        ControlMethod("io.medd.Control.ListReadings",
                      optional: ["from": .nonEmptyString, "to": .nonEmptyString, "measurement": .nonEmptyString]) {
            .listReadings(.init(from: $0.string("from"), to: $0.string("to"), measurement: $0.string("measurement")))
        },
        ControlMethod("io.medd.Control.ImportReadings", required: ["readings": .objects(MethodSignature(
            required: ["measurement": .nonEmptyString, "value": .nonEmptyString, "unit": .string, "usec": .integer(Int.min...Int.max)],
            optional: ["dose": .nonEmptyString, "target": .nonEmptyString, "number": .integer(Measurement.readingsLimit),
                       "of": .integer(Measurement.readingsLimit), "source": .oneOf(MethodSignature.readingSources), "note": .string]))],
            optional: ["dryRun": .bool]) { call in
            .importReadings(.init(readings: call.objects("readings"), dryRun: call.parameters["dryRun"] == .bool(true)))
        },
        ControlMethod("io.medd.Control.Effect",
                      optional: ["since": .nonEmptyString, "until": .nonEmptyString, "medication": .nonEmptyString]) {
            .effect(.init(since: $0.string("since"), until: $0.string("until"), medication: $0.string("medication")))
        },
        ControlMethod("io.medd.Control.Backup") { _ in .backup },
        ControlMethod("io.medd.Control.Watch", streams: true) { _ in .watch },
    ]

    static let named = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Interfaces served, in the order `GetInfo` lists them.
    static let interfaces = ["org.varlink.service", ControlInterface.name]
}
