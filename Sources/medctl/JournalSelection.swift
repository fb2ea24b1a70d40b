import MeddControl
import MeddCore

/// What `JournalSource.read` found: one group per machine and user with an answer in range, sorted
/// by host name, machine ID and UID, after `--host`; and how reports name each group.
struct JournalSelection {
    /// How a group whose entries have no `_HOSTNAME` is shown and listed.
    // TRANSLATORS: in a table's HOST column, for journal entries that name no host.
    static var unknownHost: String { tr("(unknown)") }

    let source: JournalSource
    let groups: [JournalGroup]

    /// Every group's final answers together: the same dose ID on two machines is two doses.
    var finals: [FinalAnswer] { groups.flatMap(\.finals) }

    var report: AdherenceReport { Adherence.report(finals: finals) }

    /// Whom each medication is for, over all groups (a later group's label wins).
    var people: [String: String] {
        groups.reduce(into: [:]) { people, group in people.merge(group.people) { $1 } }
    }

    /// Tables group their rows by machine when more than one is reported.
    var showsHosts: Bool { groups.count > 1 }

    /// Tables add a UID column when the machines' entries were written by more than one user.
    var showsUsers: Bool { showsHosts && Set(groups.map(\.origin.uid)).count > 1 }

    /// The HOST cell of a group: its host name, and the start of its machine ID when another group has
    /// the same name (two machines cloned from one image, say).
    func hostLabel(_ origin: JournalOrigin) -> String {
        let name = origin.hostname ?? Self.unknownHost
        let namesake = groups.contains { $0.origin.hostname == origin.hostname && $0.origin.machineID != origin.machineID }
        guard namesake else { return name }
        // TRANSLATORS: a host name, with the start of its machine ID (or "no machine ID") to tell two machines of that name apart.
        return tr("%1$s (%2$s)", name, origin.machineID.map { String($0.prefix(8)) } ?? tr("no machine ID"))
    }

    static func uidLabel(_ origin: JournalOrigin) -> String {
        origin.uid.map(String.init) ?? "?"
    }

    /// `hostname`, `machineId` and `uid` as JSON members, null when the entries lack them.
    static func originMembers(_ origin: JournalOrigin) -> [String: JSONValue] {
        [
            "hostname": origin.hostname.map(JSONValue.string) ?? .null,
            "machineId": origin.machineID.map(JSONValue.string) ?? .null,
            "uid": origin.uid.map { .integer(Int($0)) } ?? .null,
        ]
    }

    /// The CSV cells `hostname`, `machine_id`, `uid`; empty when the entries lack them.
    static let csvOriginHeader = ["hostname", "machine_id", "uid"]

    static func csvOriginCells(_ origin: JournalOrigin) -> [String] {
        [origin.hostname ?? "", origin.machineID ?? "", origin.uid.map(String.init) ?? ""]
    }
}

extension JournalSelection {
    /// Where the figures came from, for a title line: "from the journal", "from the journal directory
    /// /srv/medd (host laptop)".
    var phrase: String {
        let place = source.sentence(
            // TRANSLATORS: where an adherence report's figures came from, after its range and whose they are.
            local: { tr("from the journal") },
            // TRANSLATORS: where an adherence report's figures came from; %1$s is a directory.
            directory: { tr("from the journal directory %1$s", $0) },
            // TRANSLATORS: where an adherence report's figures came from; %1$s is one or more files.
            files: { trn("from the journal file %1$s", "from the journal files %1$s", count: $1, $0) })
        // TRANSLATORS: %1$s says where the figures came from ("from the journal"), %2$s the host name given to --host.
        return source.host.map { tr("%1$s (host %2$s)", place, $0) } ?? place
    }

    /// Each group's final answers as the daemon's dose objects (`ListDoses`) with `hostname`,
    /// `machineId` and `uid` added: oldest due first, then by dose ID and machine.
    var doses: [DoseRow] {
        let rows = groups.flatMap { group in
            group.answers.compactMap { answer -> (origin: JournalOrigin, row: DoseRow)? in
                guard let record = DoseRecord.folding([answer.event]).first,
                      let object = record.varlinkValue(person: answer.person).objectValue else { return nil }
                let machine = Self.originMembers(group.origin).filter { $0.value != .null }
                guard var row = DoseRow(.object(object.merging(machine) { $1 })) else { return nil }
                row.origin = group.origin
                return (group.origin, row)
            }
        }
        return rows.sorted { first, second in
            if first.row.scheduled != second.row.scheduled { return first.row.scheduled < second.row.scheduled }
            if first.row.id != second.row.id { return first.row.id < second.row.id }
            return first.origin < second.origin
        }.map(\.row)
    }
}
