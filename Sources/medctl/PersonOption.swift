import MeddControl
import MeddCore

/// `--person ID` of `today`, `doses`, `history`, `adherence` and `export`: only what concerns the
/// medications for that person (their `person` label in medd.toml).
struct PersonOption: ArgumentValue, Equatable, Sendable {
    static let option = OptionSpec.value("person", "ID", "Only medications for this person (person = \"ID\" in medd.toml).")

    let id: String

    init?(argument: String) {
        guard Person.isValidID(argument) else { return nil }
        id = argument
    }

    static var expectation: String { "a person ID as medications name it (person = \"mum\": lower-case letters, digits and '-')" }

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
            ? "no medication names a person (add person = \"\(id)\" to its [medication.ID] table in medd.toml)"
            : "the people medications are for are " + known.joined(separator: ", ")
        throw UsageError("--person \(id): no configured medication is for \(id); \(others)", verb: verb)
    }
}
