import MeddCommandLine
import MeddControl
import MeddCore

/// `--person ID` of `today`, `doses`, `history`, `adherence` and `export`: only what concerns the
/// medications for that person (their `person` label in medd.toml).
struct PersonOption: ArgumentValue, Equatable, Sendable {
    static var option: OptionSpec { .value("person", "ID", tr("Only medications for this person (person = \"ID\" in medd.toml).")) }

    let id: String

    init?(argument: String) {
        guard Person.isValidID(argument) else { return nil }
        id = argument
    }

    // TRANSLATORS: completes "--person Mum: expected %3$s"; person = "mum" is how medd.toml says it.
    static var expectation: String { tr("a person ID as medications name it (person = \"mum\": lower-case letters, digits and '-')") }

    /// The person label of each configured medication that has one, by medication ID.
    static func people(client: ControlClient) throws(ClientError) -> [String: String] {
        var people: [String: String] = [:]
        for medication in try client.call("Medications")["medications"]?.arrayValue ?? [] {
            if let id = medication["id"]?.stringValue, let person = medication["person"]?.stringValue { people[id] = person }
        }
        return people
    }

    /// Refuses a person no configured medication is for, naming the people there are: an empty list
    /// would read as "nothing was due".
    func requireKnown(among people: [String: String], verb: String?) throws(UsageError) {
        let known = Set(people.values).sorted()
        guard !known.contains(id) else { return }
        let others = known.isEmpty
            // TRANSLATORS: %1$s is the person ID given; `person = "%1$s"` and [medication.ID] are medd.toml's words.
            ? tr("no medication names a person (add person = \"%1$s\" to its [medication.ID] table in medd.toml)", id)
            // TRANSLATORS: %1$s lists the person IDs medications name (dad, mum).
            : tr("the people medications are for are %1$s", known.joined(separator: ", "))
        // TRANSLATORS: %1$s is the person ID given, %2$s says which people there are.
        throw UsageError(tr("--person %1$s: no configured medication is for %1$s; %2$s", id, others), verb: verb)
    }
}
