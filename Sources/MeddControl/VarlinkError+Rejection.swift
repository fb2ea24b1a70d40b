public import MeddCore

extension VarlinkError {
    /// The Varlink error for a refusal of the dose book.
    public init(_ rejection: DoseBook.Rejection) {
        switch rejection {
        case .noSuchDose(let text):
            self = .control("NoSuchDose", ["dose": .string(text)])
        case .noSuchMedication(let text):
            self = .control("NoSuchMedication", ["medication": .string(text)])
        case .notYetDue(let id, let due):
            self = .control("NotYetDue", ["dose": .string(id.description), "due": .string(due.description)])
        case .ambiguous(let candidates):
            self = .control("Ambiguous", ["candidates": .array(candidates.map { .string($0.description) })])
        case .limitReached(let text):
            self = .control("LimitReached", ["message": .string(text)])
        case .alreadyFinal(let id, let state):
            self = .control("AlreadyFinal", ["dose": .string(id.description), "state": .string(state.rawValue)])
        case .invalidParameter(let text):
            self = .invalidParameter(text)
        }
    }

    /// `io.medd.Control.InvalidConfig` with one line per configuration error.
    public static func invalidConfig(_ errors: [String]) -> VarlinkError {
        .control("InvalidConfig", ["errors": .array(errors.map(JSONValue.string))])
    }
}
