/// Where adherence figures came from: the daemon's ledger, or the journal read directly.
enum AdherenceSource: String {
    case ledger, journal

    var phrase: String {
        switch self {
        case .ledger: "from medd's ledger"
        case .journal: "from the journal"
        }
    }
}
