/// Why the dose book refused an answer; each maps to one Varlink error.
public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
    case noSuchDose(String)
    case noSuchMedication(String)
    case notYetDue(DoseID, due: Instant)
    case ambiguous([DoseID])
    case limitReached(String)
    case alreadyFinal(DoseID, DoseState)
    case invalidParameter(String)

    public var description: String {
        switch self {
        case .noSuchDose(let text):
            return "no dose \"\(text)\" in the plan or the history; `medctl doses` lists them"
        case .noSuchMedication(let text):
            return "no medication \"\(text)\" in the configuration; `medctl meds` lists them"
        case .notYetDue(let id, let due):
            return "\(id) is not due yet (due \(due)); it can be answered from `early` before that"
        case .ambiguous(let candidates):
            return "more than one open dose; name one of: \(candidates.map(\.description).joined(separator: ", "))"
        case .limitReached(let text):
            return text
        case .alreadyFinal(let id, let state):
            return "\(id) is already \(state.rawValue)"
        case .invalidParameter(let text):
            return text
        }
    }
}
