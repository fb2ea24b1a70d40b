import MeddControl
import MeddCore

/// The answered and missed doses due in a range, oldest first: what `history` and `export --format csv` show.
struct HistoryQuery {
    var from: Instant
    /// Nil: up to the end of the daemon's horizon, so doses taken early (before they were due) count too.
    var to: Instant?
    var medication: String?

    func doses(global: GlobalOptions) throws(ClientError) -> [DoseRow] {
        var parameters: [String: JSONValue] = ["from": .string(LocalTimeText.rules.format(from))]
        if let to { parameters["to"] = .string(LocalTimeText.rules.format(to)) }
        if let medication { parameters["medication"] = .string(medication) }
        let reply = try global.connect().call("ListDoses", parameters)
        // The daemon lists them by due instant; past doses it never recorded stay `planned` and are left out.
        return try DoseRow.list(reply["doses"]).filter(\.isFinal)
    }
}
