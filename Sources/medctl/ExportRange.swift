import MeddControl
import MeddCore

/// A range of due times to list doses over, for `history` and `export`.
struct ExportRange {
    var from: Instant
    /// Nil: to the end of the daemon's horizon.
    var to: Instant?
    var medication: String?

    /// Every dose due in the range, in the daemon's order (by due instant), whatever its state.
    func doses(global: GlobalOptions) throws(ClientError) -> [DoseRow] {
        var parameters: [String: JSONValue] = ["from": .string(LocalTimeText.rules.format(from))]
        if let to { parameters["to"] = .string(LocalTimeText.rules.format(to)) }
        if let medication { parameters["medication"] = .string(medication) }
        do {
            return try DoseRow.list(global.connect().call("ListDoses", parameters)["doses"])
        } catch {
            // A start past the end of the horizon: the daemon refuses its default end as earlier than
            // the start, but the range is simply empty.
            if to == nil, case .daemon("org.varlink.service.InvalidParameter", let details) = error,
               details["parameter"] == .string("to") { return [] }
            throw error
        }
    }

    /// The answered and missed doses, oldest first. Past doses the daemon never recorded (before it
    /// first ran) stay `planned` and are left out.
    func history(global: GlobalOptions) throws(ClientError) -> [DoseRow] {
        try doses(global: global).filter(\.isFinal)
    }
}
